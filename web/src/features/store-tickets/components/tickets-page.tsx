import { Anchor, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, TICKETS_PAGE_SIZE, useCreateTicket, useTickets, type TicketCategory, type TicketStatus } from '../api/tickets-api';
import { NewTicketModal } from '../../tickets/components/new-ticket-modal';
import { TicketStatusBadge } from './ticket-status-badge';
import '../store-tickets.messages';

/** /player/tickets: the store's tickets (updatedAt desc) with search, status and category filters. */
export const TicketsPage = () => {
  const { t } = useTranslation('store-tickets');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [category, setCategory] = useState<TicketCategory | null>(null);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const create = useCreateTicket();
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const tickets = useTickets({ q: qTooLong ? '' : debouncedQ, status, category, page });
  const items = tickets.data?.items ?? [];
  const total = tickets.data?.total ?? 0;
  const filtered = Boolean(debouncedQ.trim() || status || category);

  return (
    <Stack maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>{t('newTicket')}</Button>
      </Group>
      <Group align="flex-start" grow>
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('searchTooLong') : undefined}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
        />
        <Select
          label={t('statusFilter')}
          placeholder={t('all')}
          clearable
          data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v as TicketStatus | null);
            setPage(0);
          }}
        />
        <Select
          label={t('categoryFilter')}
          placeholder={t('all')}
          clearable
          data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          value={category}
          onChange={(v) => {
            setCategory(v as TicketCategory | null);
            setPage(0);
          }}
        />
      </Group>
      <ErrorAlert error={tickets.error} />
      {tickets.isPending && <Loader aria-label={t('common:loading')} />}
      {tickets.isSuccess && total === 0 && <Text c="dimmed">{filtered ? t('emptyFiltered') : t('empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('table')}
          rows={items}
          rowKey={(item) => item.id}
          minWidth={720}
          busy={tickets.isFetching}
          columns={[
            { key: 'title', header: t('ticketTitle'), cell: (item) => <Anchor component={Link} to={`/player/tickets/${item.id}`} fw={600}>{item.title}</Anchor> },
            { key: 'status', header: t('statusFilter'), cell: (item) => <TicketStatusBadge status={item.status} /> },
            { key: 'category', header: t('categoryFilter'), cell: (item) => (item.category ? t(`category.${item.category}`) : t('uncategorized')) },
            { key: 'comments', header: t('comments'), cell: (item) => item.commentCount },
            { key: 'updatedAt', header: t('updatedAt'), cell: (item) => formatDateTime(item.updatedAt) },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={tickets.data?.size ?? TICKETS_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      <NewTicketModal opened={creating} onClose={() => setCreating(false)} create={create} ticketPath={(id) => `/player/tickets/${id}`} />
    </Stack>
  );
};
