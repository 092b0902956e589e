import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoreReceipt } from '../api/receipts-api';
import { lagHistogram, type LagBucket } from '../lag-histogram';
import '../receipts.messages';

const seconds = (ms: number) => String(ms / 1000);

/** A bucket's name on the axis: "< 0 s", "0–1 s", "≥ 60 s". */
const bucketLabel = (t: (k: string, o?: Record<string, unknown>) => string, b: LagBucket) =>
  b.fromMs === null ? t('bucketBefore') : b.toMs === null ? t('bucketFrom', { from: seconds(b.fromMs) }) : t('bucketBetween', { from: seconds(b.fromMs), to: seconds(b.toMs) });

/**
 * How late each store had it (receivedLagMs) and started it (startedLagMs) after the due time, as
 * a bar per bucket; the counts are also written out for screen readers.
 */
export const LagChart = ({ items }: { items: readonly StoreReceipt[] }) => {
  const { t } = useTranslation('receipts');
  const histogram = lagHistogram(items);
  const data = histogram.buckets.map((b) => ({ bucket: bucketLabel(t, b), received: b.received, started: b.started }));
  const summary = data.map((d) => t('bucketSummary', { bucket: d.bucket, received: d.received, started: d.started })).join('; ');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lag-chart-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="lag-chart-title">{t('chartTitle')}</Title>
        <Text size="sm" c="dimmed">{t('chartIntro')}</Text>
        <div role="img" aria-label={summary}>
          <BarChart
            h={240}
            data={data}
            dataKey="bucket"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'received', label: t('receivedLag'), color: 'blue.6' },
              { name: 'started', label: t('startedLag'), color: 'teal.6' },
            ]}
            yAxisProps={{ allowDecimals: false }}
          />
        </div>
        {(histogram.unreported.received > 0 || histogram.unreported.started > 0) && (
          <Text size="xs" c="dimmed">{t('unreported', { received: histogram.unreported.received, started: histogram.unreported.started })}</Text>
        )}
      </Stack>
    </Paper>
  );
};
