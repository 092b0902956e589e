import { Badge, Group, Input, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { SUMMARY_DAYS, useDeliverySummary, useOfflineHours, type SummaryDays } from '../api/receipts-api';
import { mergeDeliveryOverview, type StoreOverviewRow } from '../delivery-overview';
import '../receipts.messages';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/**
 * /hq/receipts: per store over the last 1, 7 or 30 days, how its announcements were heard (on
 * time, late, missed) and how many hours it sent no signal, the worst stores first.
 */
export const ReceiptsOverviewPage = () => {
  const { t } = useTranslation('receipts');
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days: SummaryDays = (SUMMARY_DAYS as readonly number[]).includes(asked) ? (asked as SummaryDays) : 7;
  const summary = useDeliverySummary(days);
  const offline = useOfflineHours(days);
  const rows = summary.data || offline.data ? mergeDeliveryOverview(summary.data?.items ?? [], offline.data?.items ?? []) : [];
  const hours = offline.data?.hours;

  return (
    <Stack maw={1280}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('overviewTitle')}</Title>
        <Text c="dimmed">{t('overviewIntro')}</Text>
      </Stack>
      <Group align="flex-end" justify="space-between">
        <Input.Wrapper label={t('days')}>
          <div>
            <SegmentedControl
              mt={4}
              aria-label={t('days')}
              value={String(days)}
              onChange={(v) => setParams({ days: v }, { replace: true })}
              data={SUMMARY_DAYS.map((d) => ({ value: String(d), label: t(`daysOptions.${d}`) }))}
            />
          </div>
        </Input.Wrapper>
        {summary.data && (
          <Text size="sm" c="dimmed">
            {t('window', { from: formatDateTime(summary.data.from), to: formatDateTime(summary.data.to) })} · {t('lateRule', { seconds: summary.data.lateAfterMs / 1000 })}
          </Text>
        )}
      </Group>
      <ErrorAlert error={summary.error} />
      <ErrorAlert error={offline.error} title={t('offlineFailed')} />
      {(summary.isPending || offline.isPending) && <Loader aria-label={t('common:loading')} />}
      {summary.isSuccess && offline.isSuccess && rows.length === 0 && <Text c="dimmed">{t('overviewEmpty')}</Text>}
      {rows.length > 0 && (
        <DataTable<StoreOverviewRow>
          label={t('overviewTable')}
          rows={rows}
          rowKey={(r) => r.storeId}
          minWidth={1000}
          busy={summary.isFetching || offline.isFetching}
          testId="delivery-overview"
          rowProps={(r) => ({ 'data-store-id': r.storeId })}
          columns={[
            { key: 'store', header: t('store'), strong: true, cell: (r) => r.storeName ?? t('storeUnknown') },
            { key: 'total', header: t('summary.total'), cell: (r) => r.total },
            { key: 'onTime', header: t('summary.onTime'), cell: (r) => r.onTime },
            { key: 'late', header: t('summary.late'), cell: (r) => (r.late ? <Badge color="orange" variant="light">{r.late}</Badge> : 0) },
            { key: 'missed', header: t('summary.missed'), cell: (r) => (r.missed ? <Badge color="red" variant="light">{r.missed}</Badge> : 0) },
            { key: 'pending', header: t('summary.pending'), cell: (r) => r.pending },
            { key: 'share', header: t('onTimeShare'), cell: (r) => percent(r.onTimeShare) },
            {
              key: 'offline',
              header: t('offlineHours'),
              cell: (r) => (r.offlineHours === null ? '—' : hours ? t('hoursOf', { hours: r.offlineHours, of: hours }) : t('hours', { hours: r.offlineHours })),
            },
            { key: 'lastSignal', header: t('lastSignal'), cell: (r) => (r.lastSignalAt ? <span title={formatDateTime(r.lastSignalAt)}>{formatRelative(r.lastSignalAt)}</span> : r.offlineHours === null ? '—' : t('neverSignaled')) },
          ]}
        />
      )}
    </Stack>
  );
};
