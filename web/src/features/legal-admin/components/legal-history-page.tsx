import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { useLegalHistory, type LegalHistoryItem, type LegalKind } from '../api/legal-admin-api';
import { canCancel, statusesAt } from '../legal-status';
import { useNow } from '../use-now';
import { CancelScheduleDialog } from './cancel-schedule-dialog';
import { CurrentBadge, KindTabs, LegalStatusBadge } from './legal-parts';
import '../legal-admin.messages';

/** /admin/legal/:kind — the versions of one document, their status now, the current one named. */
export const LegalHistoryPage = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('legal-admin');
  const history = useLegalHistory(kind);
  const now = useNow();
  const [canceling, setCanceling] = useState<LegalHistoryItem | null>(null);
  const rows = statusesAt(history.data?.items ?? [], now);
  const current = rows.find((r) => r.isCurrent) ?? null;
  // The nearest schedule: the last of the SCHEDULED ones in newest-first order.
  const next = rows.filter((r) => r.statusNow === 'SCHEDULED').at(-1) ?? null;
  const kindName = t(`kinds.${kind}`);

  return (
    <Stack maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button component={Link} to={`/admin/legal/${kind}/new`} leftSection={<IconPlus size={16} aria-hidden />}>{t('publishNew')}</Button>
      </Group>
      <KindTabs kind={kind} />
      <ErrorAlert error={history.error} />
      {history.isPending && <Loader aria-label={t('common:loading')} />}
      {history.isSuccess && (
        <Alert color={current ? 'green' : 'yellow'} variant="light" role="status" aria-live="polite" data-testid="current-version">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {current
                ? t('currentNow', { kind: kindName, version: current.version, since: formatDateTime(current.effectiveAt) })
                : t('noneCurrent', { kind: kindName })}
            </Text>
            {next && <Text size="sm">{t('nextScheduled', { version: next.version, at: formatDateTime(next.effectiveAt), relative: formatRelative(next.effectiveAt, now.getTime()) })}</Text>}
          </Stack>
        </Alert>
      )}
      {history.isSuccess && rows.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {rows.length > 0 && (
        <DataTable
          label={t('historyTable', { kind: kindName })}
          rows={rows}
          rowKey={(r) => r.id}
          minWidth={760}
          busy={history.isFetching}
          rowProps={(r) => ({ 'data-version': r.version, 'data-status': r.statusNow })}
          columns={[
            {
              key: 'version',
              header: t('version'),
              cell: (r) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/admin/legal/${kind}/${r.id}`} fw={600}>{r.version}</Anchor>
                  {r.isCurrent && <CurrentBadge />}
                </Group>
              ),
            },
            { key: 'status', header: t('statusHeader'), cell: (r) => <LegalStatusBadge status={r.statusNow} /> },
            { key: 'effectiveAt', header: t('effectiveAt'), cell: (r) => <span title={formatRelative(r.effectiveAt, now.getTime())}>{formatDateTime(r.effectiveAt)}</span> },
            { key: 'publishedAt', header: t('publishedAt'), cell: (r) => formatDateTime(r.publishedAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (r) => (
                <Group gap="xs" wrap="nowrap">
                  <Button component={Link} to={`/admin/legal/${kind}/${r.id}`} size="xs" variant="default" aria-label={t('viewLabel', { version: r.version })}>{t('view')}</Button>
                  {canCancel(r, now) && (
                    <Button size="xs" variant="light" color="red" aria-label={t('cancelLabel', { version: r.version })} onClick={() => setCanceling(r)}>
                      {t('cancelSchedule')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      <CancelScheduleDialog kind={kind} target={canceling} onClose={() => setCanceling(null)} />
    </Stack>
  );
};
