import { Badge, Button, Group, Loader, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ko';
import { useTranslation } from 'react-i18next';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { describeError } from '../../../lib/errors/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { HqSelect, useHqNames } from '../../admin-catalog/components/catalog-parts';
import { ExportPanel } from '../../hq-playback/components/export-panel';
import { kstToday, rangeProblem, type LogSource } from '../../hq-playback/log-filters';
import { clockOf } from '../../hq-playback/played-time';
import { isFiltered, withHq, type AdminLogFilters } from '../admin-log-filters';
import { LOGS_PAGE_SIZE, useAdminPlaybackLogs, useExportAdminLogs, useStoresOfHq, type PlaybackLogItem } from '../api/admin-playback-api';
import { useAdminLogFilters } from '../use-admin-log-filters';
import '../admin-playback.messages';

/** /admin/playback: plays of every HQ, newest first, filtered by HQ, store, KST days and trust, paged, exportable. */
export const AdminLogsPage = () => {
  const { t } = useTranslation('admin-playback');
  const [filters, update] = useAdminLogFilters();
  const problem = rangeProblem(filters);
  const valid = problem === null;
  const logs = useAdminPlaybackLogs(filters, valid);
  const exportRun = useExportAdminLogs();
  const items = logs.data?.items ?? [];
  const total = logs.data?.total ?? 0;
  return (
    <Stack maw={1280}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <FilterBar filters={filters} onChange={update} />
      <ExportPanel run={exportRun} filters={filters} problem={problem} total={logs.data ? total : null} acrossHqs />
      <ErrorAlert error={logs.error} />
      {logs.isPending && valid && <Loader aria-label={t('common:loading')} />}
      {logs.isSuccess && total === 0 && <Text c="dimmed">{isFiltered(filters) ? t('emptyFiltered') : t('empty')}</Text>}
      {items.length > 0 && <LogTable logs={items} busy={logs.isFetching} />}
      <TablePager
        total={total}
        page={filters.page}
        pageSize={logs.data?.size ?? LOGS_PAGE_SIZE}
        onPage={(page) => update({ page })}
        totalLabel={t('total', { count: total })}
        paginationLabel={t('pagination')}
      />
    </Stack>
  );
};

/** HQ, a store of that HQ, KST day range and trust-only / all: what the list and the export both use. */
const FilterBar = ({ filters, onChange }: { filters: AdminLogFilters; onChange: (change: Partial<AdminLogFilters>) => void }) => {
  const { t } = useTranslation('admin-playback');
  const stores = useStoresOfHq(filters.hqId);
  const problem = rangeProblem(filters);
  return (
    <Group align="flex-end" gap="md">
      <HqSelect label={t('filters.hq')} placeholder={t('filters.allHqs')} value={filters.hqId} onChange={(hqId) => onChange(withHq(filters, hqId))} miw={220} />
      <Select
        label={t('filters.store')}
        placeholder={!filters.hqId ? t('filters.storeNeedsHq') : stores.isPending ? t('filters.storesLoading') : t('filters.allStores')}
        data={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={filters.storeId}
        onChange={(storeId) => onChange({ storeId })}
        disabled={!filters.hqId}
        searchable
        clearable
        nothingFoundMessage={t('filters.noStore')}
        error={stores.error ? describeError(stores.error) : undefined}
        miw={220}
      />
      <DatesProvider settings={{ locale: currentLanguage() }}>
        <DatePickerInput
          type="range"
          label={t('filters.days')}
          placeholder={t('filters.daysPlaceholder')}
          valueFormat="YYYY-MM-DD"
          allowSingleDateInRange
          clearable
          maxDate={kstToday()}
          value={[filters.from, filters.to]}
          onChange={([from, to]) => onChange({ from: from ?? null, to: to ?? null })}
          error={problem ? t(`filters.${problem}`) : undefined}
          miw={260}
        />
      </DatesProvider>
      <Radio.Group label={t('filters.music')} value={filters.source} onChange={(source) => onChange({ source: source as LogSource })}>
        <Group gap="md" h={36}>
          <Radio value="TRUST" label={t('filters.sourceTrust')} />
          <Radio value="ALL" label={t('filters.sourceAll')} />
        </Group>
      </Radio.Group>
      {isFiltered(filters) && (
        <Button variant="subtle" onClick={() => onChange({ hqId: null, storeId: null, from: null, to: null, source: 'TRUST' })}>{t('filters.clear')}</Button>
      )}
    </Group>
  );
};

/** One row per play: when, which HQ and store, what (trust or AI), how long, and whether the cache served it. */
const LogTable = ({ logs, busy }: { logs: PlaybackLogItem[]; busy: boolean }) => {
  const { t } = useTranslation('admin-playback');
  const hqNames = useHqNames();
  return (
    <DataTable
      label={t('table')}
      rows={logs}
      rowKey={(l) => l.id}
      busy={busy}
      minWidth={980}
      rowProps={(l) => ({ 'data-music': l.musicTitle })}
      columns={[
        { key: 'startedAt', header: t('startedAt'), cell: (l) => formatDateTime(l.startedAt) },
        { key: 'hq', header: t('hq'), cell: (l) => hqNames.get(l.hqId) ?? <Text span c="dimmed" size="sm">{t('unknownHq')}</Text> },
        { key: 'store', header: t('store'), cell: (l) => l.storeName ?? <Text span c="dimmed" size="sm">{t('unnamedStore')}</Text> },
        { key: 'music', header: t('music'), strong: true, cell: (l) => l.musicTitle },
        { key: 'source', header: t('source'), cell: (l) => <Badge variant="light" color={l.isTrust ? 'violet' : 'cyan'}>{t(`musicSource.${l.musicSource}`)}</Badge> },
        { key: 'played', header: t('played'), cell: (l) => clockOf(l.playedMs) },
        {
          key: 'cache',
          header: t('cacheHit'),
          cell: (l) => (l.cacheHit === null ? <Text span c="dimmed" size="sm">{t('cacheHitUnknown')}</Text> : l.cacheHit ? t('cacheHitYes') : t('cacheHitNo')),
        },
      ]}
    />
  );
};
