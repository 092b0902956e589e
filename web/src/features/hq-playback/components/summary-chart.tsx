import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlaybackSummary } from '../api/playback-api';
import { chartRows, type SummaryMetric } from '../summary-rows';
import '../hq-playback.messages';

/** Day, week and month as stacked bars, trust below non-trust; the table beside it has the numbers. */
export const SummaryChart = ({ summary, metric }: { summary: PlaybackSummary; metric: SummaryMetric }) => {
  const { t } = useTranslation('hq-playback');
  const data = chartRows(summary, metric).map((row) => ({ ...row, period: t(`summary.period.${row.period}`) }));
  const format = (value: number) => (metric === 'count' ? t('summary.plays', { count: value }) : t('summary.hours', { value }));
  return (
    <Box component="figure" m={0} data-testid="summary-chart">
      <Text component="figcaption" size="sm" fw={600} mb="xs" id="summary-chart-caption">{t('summary.chart')}</Text>
      <div role="img" aria-labelledby="summary-chart-caption">
        <BarChart
          h={280}
          data={data}
          dataKey="period"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={format}
          series={[
            { name: 'trust', label: t('summary.trust'), color: 'violet.6' },
            { name: 'nonTrust', label: t('summary.nonTrust'), color: 'cyan.6' },
          ]}
        />
      </div>
    </Box>
  );
};
