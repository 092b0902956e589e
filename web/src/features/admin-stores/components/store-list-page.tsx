import { Anchor, Badge, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { useUrlFilters } from '../../../lib/url-filters/use-url-filters';
import { PlanBadge } from '../../admin-hqs/components/hq-parts';
import { PLANS } from '../../admin-hqs/hq-rules';
import { useAdminStores, useHqOptions } from '../api/admin-stores-api';
import { isStoreFiltered, paramsFromStoreFilters, Q_MAX, storeFiltersFromParams, STORES_PAGE_SIZE, type AdminStoreFilters } from '../store-filters';
import { STORE_STATUSES, STORE_TYPES } from '../store-rules';
import { StoreStatusBadges, StoreTypeBadge } from './store-parts';
import '../admin-stores.messages';

/**
 * /admin/stores: every store in the server's order (suspended, inactive, active, then name), with
 * the spec's filters (q, status, type, plan, HQ) and the page kept in the URL.
 */
export const StoreListPage = () => {
  const { t } = useTranslation('admin-stores');
  const { filters, setFilters, setPage, q, onQChange } = useUrlFilters({ fromParams: storeFiltersFromParams, toParams: paramsFromStoreFilters, qMax: Q_MAX });
  const stores = useAdminStores(filters);
  const hqOptions = useHqOptions();
  const items = stores.data?.items ?? [];
  const total = stores.data?.total ?? 0;

  return (
    <Stack maw={1280}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </Stack>
        <Button component={Link} to={filters.hqId ? `/admin/stores/new?kind=affiliated&hqId=${filters.hqId}` : '/admin/stores/new'} leftSection={<IconPlus size={16} aria-hidden />}>{t('list.onboard')}</Button>
      </Group>
      <Group align="flex-start" grow role="search" aria-label={t('list.filters')}>
        <TextInput
          label={t('list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={q.length > Q_MAX ? t('list.searchTooLong') : undefined}
          onChange={(e) => onQChange(e.currentTarget.value)}
        />
        <Select
          label={t('list.hqFilter')}
          placeholder={t('list.all')}
          clearable
          searchable
          data={(hqOptions.data?.items ?? []).map((h) => ({ value: h.id, label: h.name }))}
          value={filters.hqId}
          onChange={(v) => setFilters({ hqId: v })}
        />
        <Select
          label={t('list.statusFilter')}
          placeholder={t('list.all')}
          clearable
          data={STORE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={filters.status}
          onChange={(v) => setFilters({ status: v as AdminStoreFilters['status'] })}
        />
        <Select
          label={t('list.typeFilter')}
          placeholder={t('list.all')}
          clearable
          data={STORE_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))}
          value={filters.type}
          onChange={(v) => setFilters({ type: v as AdminStoreFilters['type'] })}
        />
        <Select
          label={t('list.planFilter')}
          placeholder={t('list.all')}
          clearable
          data={PLANS.map((p) => ({ value: p, label: p }))}
          value={filters.plan}
          onChange={(v) => setFilters({ plan: v as AdminStoreFilters['plan'] })}
        />
      </Group>
      <Text size="sm" c="dimmed">{t('list.order')}</Text>
      <ErrorAlert error={stores.error} />
      {stores.isPending && <Loader aria-label={t('common:loading')} />}
      {stores.isSuccess && total === 0 && <Text c="dimmed">{isStoreFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('list.table')}
          rows={items}
          rowKey={(s) => s.id}
          minWidth={1120}
          busy={stores.isFetching}
          rowProps={(s) => ({ 'data-store-id': s.id, 'data-status': s.status, 'data-closed': String(Boolean(s.closedAt)) })}
          columns={[
            { key: 'name', header: t('list.name'), cell: (s) => <Anchor component={Link} to={`/admin/stores/${s.id}`} fw={600}>{s.name}</Anchor> },
            {
              key: 'status',
              header: t('list.statusFilter'),
              cell: (s) => (
                <Stack gap={2} align="flex-start">
                  <StoreStatusBadges status={s.status} closedAt={s.closedAt} />
                  {s.closedAt && <Text size="xs" c="dimmed">{t('list.closedAt', { time: formatDateTime(s.closedAt) })}</Text>}
                </Stack>
              ),
            },
            { key: 'hq', header: t('list.hq'), cell: (s) => <Anchor component={Link} to={`/admin/hqs/${s.hqId}`} size="sm">{s.hqName}</Anchor> },
            { key: 'type', header: t('list.typeFilter'), cell: (s) => <StoreTypeBadge type={s.type} /> },
            { key: 'plan', header: t('list.plan'), cell: (s) => <PlanBadge plan={s.plan} /> },
            { key: 'address', header: t('list.address'), cell: (s) => s.address ?? <Text span c="dimmed">—</Text> },
            {
              key: 'manager',
              header: t('list.manager'),
              cell: (s) => (
                <Group gap={6}>
                  {s.managerName && <span>{s.managerName}</span>}
                  {!s.hasManagerAccount && <Badge color="orange" variant="light" data-testid="no-manager-account">{t('list.noAccount')}</Badge>}
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
