import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { Q_MAX, TICKETS_PAGE_SIZE, useCreateHqTicket, useHqTickets } from '../api/support-api';
import { isTicketNew, useSupportSeen } from '../support-seen';
import { NewTicketModal } from '../../tickets/components/new-ticket-modal';
import { SupportHeader } from './support-header';
import { NewBadge, TicketStatusBadge } from './ticket-badges';
import { TicketFilters, type FilterValues } from './ticket-filters';
import '../hq-support.messages';

/** /hq/support/tickets: the HQ's own tickets to the operators (updatedAt desc), and a new one. */
export const HqTicketsPage = () => {
  const { t } = useTranslation('hq-support');
  const [filters, setFilters] = useState<FilterValues>({ q: '', status: null, category: null });
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const create = useCreateHqTicket();
  const [debouncedQ] = useDebouncedValue(filters.q, 300);
  const q = debouncedQ.length > Q_MAX ? '' : debouncedQ;
  const tickets = useHqTickets({ q, status: filters.status, category: filters.category, page });
  const seen = useSupportSeen();
  const items = tickets.data?.items ?? [];
  const total = tickets.data?.total ?? 0;
  const filtered = Boolean(q.trim() || filters.status || filters.category);

  return (
    <Stack maw={1180}>
      <SupportHeader
        tab="tickets"
        action={<Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>{t('newTicket')}</Button>}
      />
      <TicketFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      <ErrorAlert error={tickets.error} />
      {tickets.isPending && <Loader aria-label={t('common:loading')} />}
      {tickets.isSuccess && total === 0 && <Text c="dimmed">{filtered ? t('emptyFiltered') : t('empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('hqTable')}
          rows={items}
          rowKey={(item) => item.id}
          minWidth={860}
          busy={tickets.isFetching}
          rowProps={(item) => ({ 'data-new': String(isTicketNew(seen, item)) })}
          columns={[
            {
              key: 'title',
              header: t('ticketTitle'),
              cell: (item) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/hq/support/tickets/${item.id}`} fw={600}>{item.title}</Anchor>
                  {isTicketNew(seen, item) && <NewBadge />}
                </Group>
              ),
            },
            { key: 'status', header: t('statusFilter'), cell: (item) => <TicketStatusBadge status={item.status} /> },
            { key: 'category', header: t('categoryFilter'), cell: (item) => (item.category ? t(`category.${item.category}`) : t('uncategorized')) },
            { key: 'priority', header: t('priorityLabel'), cell: (item) => t(`priority.${item.priority}`) },
            { key: 'comments', header: t('comments'), cell: (item) => item.commentCount },
            { key: 'updatedAt', header: t('updatedAt'), cell: (item) => <span title={formatDateTime(item.updatedAt)}>{formatRelative(item.updatedAt)}</span> },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={tickets.data?.size ?? TICKETS_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      <NewTicketModal opened={creating} onClose={() => setCreating(false)} create={create} ticketPath={(id) => `/hq/support/tickets/${id}`} />
    </Stack>
  );
};
