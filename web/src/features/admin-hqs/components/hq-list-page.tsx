import { Anchor, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useUrlFilters } from '../../../lib/url-filters/use-url-filters';
import { useAdminHqs } from '../api/admin-hqs-api';
import { HQS_PAGE_SIZE, hqFiltersFromParams, isHqFiltered, paramsFromHqFilters, Q_MAX, type HqFilters } from '../hq-filters';
import { HQ_STATUSES, HQ_TYPES, PLANS } from '../hq-rules';
import { HqStatusBadge, HqTypeBadge, PlanBadge } from './hq-parts';
import '../admin-hqs.messages';

/**
 * /admin/hqs: every HQ in the server's order (unpaid, suspended, active, onboarding, then name),
 * with the spec's filters (q, status, type, plan) and the page kept in the URL.
 */
export const HqListPage = () => {
  const { t } = useTranslation('admin-hqs');
  const { filters, setFilters, setPage, q, onQChange } = useUrlFilters({ fromParams: hqFiltersFromParams, toParams: paramsFromHqFilters, qMax: Q_MAX });
  const hqs = useAdminHqs(filters);
  const items = hqs.data?.items ?? [];
  const total = hqs.data?.total ?? 0;

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </Stack>
        <Button component={Link} to="/admin/hqs/new" leftSection={<IconPlus size={16} aria-hidden />}>{t('list.onboard')}</Button>
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
          label={t('list.statusFilter')}
          placeholder={t('list.all')}
          clearable
          data={HQ_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={filters.status}
          onChange={(v) => setFilters({ status: v as HqFilters['status'] })}
        />
        <Select
          label={t('list.typeFilter')}
          placeholder={t('list.all')}
          clearable
          data={HQ_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))}
          value={filters.type}
          onChange={(v) => setFilters({ type: v as HqFilters['type'] })}
        />
        <Select
          label={t('list.planFilter')}
          placeholder={t('list.all')}
          clearable
          data={PLANS.map((s) => ({ value: s, label: t(`plan.${s}`) }))}
          value={filters.plan}
          onChange={(v) => setFilters({ plan: v as HqFilters['plan'] })}
        />
      </Group>
      <Text size="sm" c="dimmed">{t('list.order')}</Text>
      <ErrorAlert error={hqs.error} />
      {hqs.isPending && <Loader aria-label={t('common:loading')} />}
      {hqs.isSuccess && total === 0 && <Text c="dimmed">{isHqFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('list.table')}
          rows={items}
          rowKey={(h) => h.id}
          minWidth={1040}
          busy={hqs.isFetching}
          rowProps={(h) => ({ 'data-hq-id': h.id, 'data-status': h.status })}
          columns={[
            { key: 'name', header: t('list.name'), cell: (h) => <Anchor component={Link} to={`/admin/hqs/${h.id}`} fw={600}>{h.name}</Anchor> },
            { key: 'status', header: t('list.statusFilter'), cell: (h) => <HqStatusBadge status={h.status} /> },
            { key: 'type', header: t('list.typeFilter'), cell: (h) => <HqTypeBadge type={h.type} /> },
            { key: 'plan', header: t('list.planFilter'), cell: (h) => <PlanBadge plan={h.plan} /> },
            { key: 'businessNumber', header: t('list.businessNumber'), cell: (h) => h.businessNumber ?? <Text span c="dimmed">—</Text> },
            { key: 'storeCount', header: t('list.storeCount'), cell: (h) => h.storeCount },
            { key: 'billingDay', header: t('list.billingDay'), cell: (h) => (h.billingAnchorDay ? t('list.dayOfMonth', { day: h.billingAnchorDay }) : <Text span c="dimmed">—</Text>) },
            { key: 'paymentDue', header: t('list.paymentDue'), cell: (h) => (h.paymentDueDays != null ? t('list.days', { count: h.paymentDueDays }) : <Text span c="dimmed">—</Text>) },
            { key: 'createdAt', header: t('list.createdAt'), cell: (h) => formatDateTime(h.createdAt) },
          ]}
        />
      )}
      <TablePager
        total={total}
        page={filters.page}
        pageSize={hqs.data?.size ?? HQS_PAGE_SIZE}
        onPage={setPage}
        totalLabel={t('list.total', { count: total })}
        paginationLabel={t('list.pagination')}
      />
    </Stack>
  );
};
