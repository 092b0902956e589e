import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useReceipts, type DeviceReceipt, type StoreReceipt } from '../api/receipts-api';
import { formatLatency } from '../latency-format';
import { DispatchStatusBadge } from './dispatch-status-badge';
import { LagChart } from './lag-chart';
import '../receipts.messages';

const Stat = ({ label, value, color }: { label: string; value: number; color?: string }) => (
  <Paper withBorder p="sm" radius="md">
    <Text size="xs" c="dimmed">{label}</Text>
    <Text size="xl" fw={700} c={color}>{value}</Text>
  </Paper>
);

/** Each device's ack: its label, outcome, how the signal came, and its lags. */
const Devices = ({ devices }: { devices: readonly DeviceReceipt[] }) => {
  const { t } = useTranslation('receipts');
  const language = currentLanguage();
  if (devices.length === 0) return <Text size="sm" c="dimmed">{t('noAck')}</Text>;
  return (
    <Stack gap={2}>
      {devices.map((d, i) => (
        <Text size="xs" key={d.deviceId ?? `store-${i}`}>
          <b>{d.deviceLabel ?? t('storeLevel')}</b> · {t(`outcome.${d.outcome}`)}
          {d.signalSource ? ` · ${t(`signalSource.${d.signalSource}`)}` : ''}
          {' · '}
          {t('lags', { received: formatLatency(d.receivedLagMs, language) ?? '—', started: formatLatency(d.startedLagMs, language) ?? '—' })}
        </Text>
      ))}
    </Stack>
  );
};

/**
 * /hq/receipts/:dispatchId: how the stores of one dispatch call heard it: the tally, every store
 * (missed and late first, as the server orders them) with its devices, and a chart of the lags.
 */
export const ReceiptPage = () => {
  const { t } = useTranslation('receipts');
  const { dispatchId = '' } = useParams();
  const receipts = useReceipts(dispatchId);
  const r = receipts.data;
  const language = currentLanguage();
  const live = Boolean(r?.items.some((i) => i.status === 'PENDING' || i.status === 'SCHEDULED'));

  return (
    <Stack maw={1280}>
      <Anchor component={Link} to={r ? `/hq/dispatches?announcementId=${r.announcementId}` : '/hq/dispatches'} size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('backToHistory')}</Group>
      </Anchor>
      {receipts.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={receipts.error} />
      {r && (
        <>
          <Stack gap={4}>
            <Title order={1} size="h2">{t('detailTitle', { title: r.title })}</Title>
            <Text size="sm" c="dimmed">
              {t('detailMeta', { created: formatDateTime(r.createdAt), due: formatDateTime(r.dueAt), late: formatLatency(r.lateAfterMs, language) })}
            </Text>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">{live ? t('liveRefresh') : ''}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} aria-label={t('summaryLabel')}>
            <Stat label={t('summary.total')} value={r.summary.total} />
            <Stat label={t('summary.played')} value={r.summary.played} />
            <Stat label={t('summary.onTime')} value={r.summary.onTime} color="green" />
            <Stat label={t('summary.late')} value={r.summary.late} color={r.summary.late ? 'orange' : undefined} />
            <Stat label={t('summary.missed')} value={r.summary.missed} color={r.summary.missed ? 'red' : undefined} />
            <Stat label={t('summary.pending')} value={r.summary.pending} />
            <Stat label={t('summary.canceled')} value={r.summary.canceled} />
          </SimpleGrid>
          {r.items.length > 0 && <LagChart items={r.items} />}
          <DataTable<StoreReceipt>
            label={t('storesTable')}
            rows={r.items}
            rowKey={(i) => i.dispatchId}
            minWidth={1000}
            busy={receipts.isFetching}
            testId="receipts"
            rowProps={(i) => ({ 'data-store-id': i.storeId, 'data-status': i.status })}
            columns={[
              { key: 'store', header: t('store'), strong: true, cell: (i) => i.storeName ?? t('storeUnknown') },
              {
                key: 'status',
                header: t('status'),
                cell: (i) => (
                  <Group gap={4} wrap="nowrap">
                    <DispatchStatusBadge status={i.status} missedReason={i.missedReason} />
                    {i.late && <Badge color="orange" variant="filled" size="sm">{t('lateBadge')}</Badge>}
                  </Group>
                ),
              },
              { key: 'played', header: t('playedAt'), cell: (i) => (i.playedAt ? formatDateTime(i.playedAt) : '—') },
              { key: 'received', header: t('receivedLag'), cell: (i) => <span data-testid="received-lag">{formatLatency(i.receivedLagMs, language) ?? '—'}</span> },
              { key: 'started', header: t('startedLag'), cell: (i) => <span data-testid="started-lag">{formatLatency(i.startedLagMs, language) ?? '—'}</span> },
              { key: 'devices', header: t('devices'), cell: (i) => <Devices devices={i.devices} /> },
            ]}
          />
        </>
      )}
    </Stack>
  );
};
