import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useExportLogs } from '../api/playback-api';
import { exceedsExportLimit } from '../export-outcome';
import { rangeProblem, type LogFilters } from '../log-filters';
import '../hq-playback.messages';

/**
 * The CSV of the current filters. The server puts at most 50,000 rows (the newest) in a file and
 * says in X-Export-Truncated when more matched: the page says so before (from the list's total)
 * and after (from the answer).
 */
export const ExportPanel = ({ filters, total }: { filters: LogFilters; total: number | null }) => {
  const { t, i18n } = useTranslation('hq-playback');
  const run = useExportLogs();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const outcome = run.data;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={run.isPending}
          disabled={rangeProblem(filters) !== null}
          onClick={() =>
            run.mutate(filters, {
              onSuccess: (done) =>
                notifications.show({ color: done.truncated ? 'yellow' : 'green', message: done.exported === null ? t('export.doneUnknown') : t('export.done', { count: done.exported }) }),
            })
          }
        >
          {t('export.button')}
        </Button>
        <Text size="sm" c="dimmed">{t('export.hint')}</Text>
      </Group>
      {run.isPending && (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress value={100} animated striped aria-label={t('export.running')} />
          <Text size="sm">{t('export.running')}</Text>
        </Stack>
      )}
      {!run.isPending && total !== null && exceedsExportLimit(total) && !outcome?.truncated && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>{t('export.willTruncate')}</Alert>
      )}
      {outcome?.truncated && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="export-truncated">
          {t('export.truncated', { matched: number(outcome.matched ?? 0), exported: number(outcome.exported ?? 0) })}
        </Alert>
      )}
      <ErrorAlert error={run.error} />
    </Stack>
  );
};
