import { Anchor, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, TICKETS_PAGE_SIZE, useTickets, type TicketCategory, type TicketStatus } from '../api/tickets-api';
import { NewTicketModal } from './new-ticket-modal';
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
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const tickets = useTickets({ q: qTooLong ? '' : debouncedQ, status, category, page });
  const items = tickets.data?.items ?? [];
  const total = tickets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (tickets.data?.size ?? TICKETS_PAGE_SIZE)));
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
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label={t('table')} aria-busy={tickets.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ticketTitle')}</Table.Th>
                <Table.Th>{t('statusFilter')}</Table.Th>
                <Table.Th>{t('categoryFilter')}</Table.Th>
                <Table.Th>{t('comments')}</Table.Th>
                <Table.Th>{t('updatedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/player/tickets/${item.id}`} fw={600}>{item.title}</Anchor>
                  </Table.Td>
                  <Table.Td><TicketStatusBadge status={item.status} /></Table.Td>
                  <Table.Td>{item.category ? t(`category.${item.category}`) : t('uncategorized')}</Table.Td>
                  <Table.Td>{item.commentCount}</Table.Td>
                  <Table.Td>{formatDateTime(item.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{t('total', { count: total })}</Text>
          {pages > 1 && <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} aria-label={t('pagination')} />}
        </Group>
      )}
      <NewTicketModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
};
