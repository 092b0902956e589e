import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LOGS_PAGE_SIZE, useExportLogs, usePlaybackLogs } from '../api/playback-api';
import { emptyMessage, rangeProblem } from '../log-filters';
import { useLogFilters } from '../use-log-filters';
import { ExportPanel } from './export-panel';
import { LogFilterBar } from './log-filter-bar';
import { PlaybackNav } from './playback-nav';
import { PlayLogTable } from './play-log-table';
import '../hq-playback.messages';

/** /hq/playback: the stores' plays, newest first, filtered (trust only by default), paged, exportable. */
export const LogsPage = () => {
  const { t } = useTranslation('hq-playback');
  const [filters, update] = useLogFilters();
  const problem = rangeProblem(filters);
  const valid = problem === null;
  const logs = usePlaybackLogs(filters, valid);
  const exportRun = useExportLogs();
  const items = logs.data?.items ?? [];
  const total = logs.data?.total ?? 0;
  return (
    <Stack maw={1200}>
      <PlaybackNav />
      <Stack gap={4}>
        <Title order={1} size="h2">{t('logs.title')}</Title>
        <Text c="dimmed">{t('logs.intro')}</Text>
      </Stack>
      <LogFilterBar filters={filters} onChange={update} />
      <ExportPanel run={exportRun} filters={filters} problem={problem} total={logs.data ? total : null} />
      <ErrorAlert error={logs.error} />
      {logs.isPending && valid && <Loader aria-label={t('common:loading')} />}
      {logs.isSuccess && total === 0 && <Text c="dimmed">{t(emptyMessage(filters))}</Text>}
      {items.length > 0 && <PlayLogTable logs={items} busy={logs.isFetching} />}
      <TablePager
        total={total}
        page={filters.page}
        pageSize={logs.data?.size ?? LOGS_PAGE_SIZE}
        onPage={(page) => update({ page })}
        totalLabel={t('logs.total', { count: total })}
        paginationLabel={t('logs.pagination')}
      />
    </Stack>
  );
};
