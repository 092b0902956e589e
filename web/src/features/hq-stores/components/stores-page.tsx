import { Anchor, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { useUrlFilters } from '../../../lib/url-filters/use-url-filters';
import { STORE_STATUSES, STORE_TYPES, STORES_PAGE_SIZE, useStores } from '../api/stores-api';
import { filtersFromParams, isFiltered, paramsFromFilters, Q_MAX, type StoreFilters } from '../store-filters';
import { NoManagerBadge, StoreStatusBadge, StoreTypeBadge } from './store-badges';
import '../hq-stores.messages';

/**
 * /hq/stores: the HQ's stores in the server's order (suspended and inactive first, then by name),
 * with the spec's filters kept in the URL so a reload or Back shows the same list.
 */
export const StoresPage = () => {
  const { t } = useTranslation('hq-stores');
  const { filters, setFilters, setPage, q, onQChange } = useUrlFilters({ fromParams: filtersFromParams, toParams: paramsFromFilters, qMax: Q_MAX });
  const qTooLong = q.length > Q_MAX;
  const stores = useStores(filters);
  const items = stores.data?.items ?? [];
  const total = stores.data?.total ?? 0;

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </Stack>
        <Group>
          <Button component={Link} to="bulk" variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>{t('list.bulk')}</Button>
          <Button component={Link} to="new" leftSection={<IconPlus size={16} aria-hidden />}>{t('list.newStore')}</Button>
        </Group>
      </Group>
      <Group align="flex-start" grow role="search" aria-label={t('list.filters')}>
        <TextInput
          label={t('list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('list.searchTooLong') : undefined}
          onChange={(e) => onQChange(e.currentTarget.value)}
        />
        <Select
          label={t('list.statusFilter')}
          placeholder={t('list.all')}
          clearable
          data={STORE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={filters.status}
          onChange={(v) => setFilters({ status: v as StoreFilters['status'] })}
        />
        <Select
          label={t('list.typeFilter')}
          placeholder={t('list.all')}
          clearable
          data={STORE_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))}
          value={filters.type}
          onChange={(v) => setFilters({ type: v as StoreFilters['type'] })}
        />
        <Select
          label={t('list.managerFilter')}
          placeholder={t('list.all')}
          clearable
          data={[{ value: 'true', label: t('list.withManager') }, { value: 'false', label: t('list.withoutManager') }]}
          value={filters.hasManagerAccount}
          onChange={(v) => setFilters({ hasManagerAccount: v as StoreFilters['hasManagerAccount'] })}
        />
      </Group>
      <Text size="sm" c="dimmed">{t('list.order')}</Text>
      <ErrorAlert error={stores.error} />
      {stores.isPending && <Loader aria-label={t('common:loading')} />}
      {stores.isSuccess && total === 0 && <Text c="dimmed">{isFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('list.table')}
          rows={items}
          rowKey={(s) => s.id}
          minWidth={960}
          busy={stores.isFetching}
          rowProps={(s) => ({ 'data-store-id': s.id })}
          columns={[
            { key: 'name', header: t('fields.name'), cell: (s) => <Anchor component={Link} to={s.id} fw={600}>{s.name}</Anchor> },
            {
              key: 'status',
              header: t('list.statusFilter'),
              cell: (s) => (
                <Stack gap={2} align="flex-start">
                  <StoreStatusBadge status={s.status} />
                  {s.closedAt && <Text size="xs" c="dimmed">{t('list.closedAt', { time: formatDateTime(s.closedAt) })}</Text>}
                </Stack>
              ),
            },
            { key: 'type', header: t('list.typeFilter'), cell: (s) => <StoreTypeBadge type={s.type} /> },
            { key: 'address', header: t('fields.address'), cell: (s) => s.address ?? <Text span c="dimmed">—</Text> },
            {
              key: 'manager',
              header: t('fields.managerName'),
              cell: (s) => (
                <Group gap={6}>
                  {s.managerName && <span>{s.managerName}</span>}
                  {!s.hasManagerAccount && <NoManagerBadge />}
                </Group>
              ),
            },
            { key: 'lastOnline', header: t('list.lastOnline'), cell: (s) => (s.lastOnlineAt ? <span title={formatDateTime(s.lastOnlineAt)}>{formatRelative(s.lastOnlineAt)}</span> : <Text span c="dimmed">{t('list.never')}</Text>) },
            { key: 'createdAt', header: t('list.createdAt'), cell: (s) => formatDateTime(s.createdAt) },
          ]}
        />
      )}
      <TablePager
        total={total}
        page={filters.page}
        pageSize={stores.data?.size ?? STORES_PAGE_SIZE}
        onPage={setPage}
        totalLabel={t('list.total', { count: total })}
        paginationLabel={t('list.pagination')}
      />
    </Stack>
  );
};
