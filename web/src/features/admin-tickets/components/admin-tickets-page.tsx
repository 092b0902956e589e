import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { TICKETS_PAGE_SIZE } from '../../tickets/ticket-limits';
import { useAdminTickets } from '../api/admin-tickets-api';
import { filtersFromSearch, isFiltered, searchFromFilters, sourceOf, type AdminTicketFilters } from '../ticket-list-params';
import { PriorityBadge, SourceBadge, StatusBadge } from './ticket-badges';
import { TicketListFilters } from './ticket-list-filters';
import '../../tickets/tickets.messages';
import '../admin-tickets.messages';

/** /admin/tickets: every channel's tickets (updatedAt desc), the filters and the page kept in the URL. */
export const AdminTicketsPage = () => {
  const { t } = useTranslation('admin-tickets');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const setFilters = (next: AdminTicketFilters) => setSearch(searchFromFilters(next), { replace: true });
  const tickets = useAdminTickets(filters);
  const items = tickets.data?.items ?? [];
  const total = tickets.data?.total ?? 0;
  // The detail's back link returns to this list as filtered.
  const listSearch = search.toString();

  return (
    <Stack maw={1280}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <TicketListFilters value={filters} onChange={setFilters} />
      <ErrorAlert error={tickets.error} />
      {tickets.isPending && <Loader aria-label={t('common:loading')} />}
      {tickets.isSuccess && total === 0 && <Text c="dimmed">{isFiltered(filters) ? t('emptyFiltered') : t('empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('table')}
          rows={items}
          rowKey={(item) => item.id}
          minWidth={960}
          busy={tickets.isFetching}
          rowProps={(item) => ({ 'data-ticket-id': item.id })}
          columns={[
            {
              key: 'title',
              header: t('ticketTitle'),
              cell: (item) => (
                <Anchor component={Link} to={`/admin/tickets/${item.id}`} state={{ listSearch }} fw={600}>{item.title}</Anchor>
              ),
            },
            {
              key: 'source',
              header: t('source'),
              cell: (item) => (
                <Group gap="xs" wrap="nowrap">
                  <SourceBadge source={sourceOf(item)} />
                  <Text size="sm">{item.sourceName ?? (sourceOf(item) === 'OPERATOR' ? '' : t('unknownSource'))}</Text>
                </Group>
              ),
            },
            { key: 'status', header: t('statusFilter'), cell: (item) => <StatusBadge status={item.status} /> },
            { key: 'priority', header: t('priorityLabel'), cell: (item) => <PriorityBadge priority={item.priority} /> },
            { key: 'category', header: t('categoryLabel'), cell: (item) => (item.category ? t(`tickets:category.${item.category}`) : t('uncategorized')) },
            { key: 'assignee', header: t('assigneeLabel'), cell: (item) => item.assigneeName ?? <Text span c="dimmed" size="sm">{t('unassigned')}</Text> },
            { key: 'comments', header: t('comments'), cell: (item) => item.commentCount },
            { key: 'updatedAt', header: t('updatedAt'), cell: (item) => <span title={formatDateTime(item.updatedAt)}>{formatRelative(item.updatedAt)}</span> },
          ]}
        />
      )}
      <TablePager
        total={total}
        page={filters.page}
        pageSize={tickets.data?.size ?? TICKETS_PAGE_SIZE}
        onPage={(page) => setFilters({ ...filters, page })}
        totalLabel={t('total', { count: total })}
        paginationLabel={t('pagination')}
      />
    </Stack>
  );
};
