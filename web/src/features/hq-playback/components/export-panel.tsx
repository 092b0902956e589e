import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { exceedsExportLimit, type ExportOutcome } from '../export-outcome';
import '../hq-playback.messages';

/** What an export answers: the file's name and what its headers said about its size. */
export type ExportDone = ExportOutcome & { name: string };

export interface ExportPanelProps<F> {
  /** The page's export mutation (useExportLogs on /hq/playback, useExportAdminLogs on /admin/playback). */
  run: UseMutationResult<ExportDone, Error, F>;
  /** The filters the list shows: the file holds the same plays. */
  filters: F;
  /** The filters' range problem (rangeProblem): while there is one, nothing can be exported. */
  problem: string | null;
  /** The list's total, or null before it loaded: says "will be cut" before the export. */
  total: number | null;
  /** Across every HQ the advice to split an export also names one HQ at a time. */
  acrossHqs?: boolean;
}

/**
 * The CSV of the current filters, for the HQ console and the backoffice. The server puts at most
 * 50,000 rows (the newest) in a file and says in X-Export-Truncated when more matched: the panel
 * says so before (from the list's total) and after (from the answer).
 */
export const ExportPanel = <F,>({ run, filters, problem, total, acrossHqs = false }: ExportPanelProps<F>) => {
  const { t, i18n } = useTranslation('hq-playback');
  const number = (n: number) => n.toLocaleString(i18n.language);
  const outcome = run.data;
  const scope = acrossHqs ? 'AcrossHqs' : '';
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={run.isPending}
          disabled={problem !== null}
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
      {outcome && !run.isPending && (
        <Text size="sm" role="status" data-testid="export-done">{t('export.last', { name: outcome.name, count: outcome.exported ?? 0 })}</Text>
      )}
      {!run.isPending && total !== null && exceedsExportLimit(total) && !outcome?.truncated && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>{t(`export.willTruncate${scope}`)}</Alert>
      )}
      {outcome?.truncated && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="export-truncated">
          {t(`export.truncated${scope}`, { matched: number(outcome.matched ?? 0), exported: number(outcome.exported ?? 0) })}
        </Alert>
      )}
      <ErrorAlert error={run.error} />
    </Stack>
  );
};
