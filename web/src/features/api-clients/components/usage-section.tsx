import { BarChart } from '@mantine/charts';
import { ActionIcon, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useApiUsage, type ApiClient } from '../api/api-clients-api';
import { formatRate, periodWindow, USAGE_PERIODS, usagePerEndpoint, type EndpointUsage, type UsagePeriod } from '../usage-stats';
import '../api-clients.messages';

/** One bar chart per measure, named for screen readers by the numbers it draws. */
const UsageChart = ({ id, title, summary, data, series, unit }: {
  id: string;
  title: string;
  summary: string;
  data: Array<Record<string, string | number>>;
  series: Array<{ name: string; label: string; color: string }>;
  unit?: string;
}) => (
  <Paper withBorder p="sm" radius="md" component="figure" aria-labelledby={id} m={0} data-testid={`chart-${id}`}>
    <Stack gap={4}>
      <Text component="figcaption" size="sm" fw={600} id={id}>{title}</Text>
      <div role="img" aria-label={summary}>
        <BarChart h={220} data={data} dataKey="endpoint" series={series} withLegend={series.length > 1} unit={unit} yAxisProps={{ allowDecimals: false }} tickLine="y" />
      </div>
    </Stack>
  </Paper>
);

/** The client's usage over a chosen period: calls, success rate and response time per endpoint, as charts and a table. */
export const UsageSection = ({ client }: { client: ApiClient }) => {
  const { t } = useTranslation('api-clients');
  const [period, setPeriod] = useState<UsagePeriod>(7);
  const [keyId, setKeyId] = useState<string | null>(null);
  // The window is fixed when the period is chosen, so the query key is stable between renders.
  const window = useMemo(() => periodWindow(period, new Date()), [period]);
  const usage = useApiUsage(client.id, window.from, window.to);
  const rows: EndpointUsage[] = usagePerEndpoint(usage.data?.items ?? [], keyId);
  const summary = rows
    .map((r) => t('chartSummary', { endpoint: r.endpoint, calls: r.calls, rate: formatRate(r.successRate), avg: r.avgResponseMs, p95: r.p95ResponseMs }))
    .join('; ');
  const keys = client.keys ?? [];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="usage-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h4" id="usage-title">{t('usage')}</Title>
            <Text size="sm" c="dimmed">{t('usageIntro')}</Text>
          </Stack>
          <Group align="flex-end">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="usage-period">{t('period')}</Text>
              <SegmentedControl
                aria-labelledby="usage-period"
                value={String(period)}
                onChange={(v) => setPeriod(Number(v) as UsagePeriod)}
                data={USAGE_PERIODS.map((d) => ({ value: String(d), label: t('periodDays', { count: d }) }))}
              />
            </Stack>
            {keys.length > 1 && (
              <Select
                label={t('keyFilter')}
                placeholder={t('allKeys')}
                clearable
                value={keyId}
                onChange={setKeyId}
                data={keys.map((k) => ({ value: k.id, label: `${k.prefix} (${t(`keyStatus.${k.status}`)})` }))}
                w={240}
              />
            )}
            <Tooltip label={t('refresh')}>
              <ActionIcon variant="default" size="lg" aria-label={t('refresh')} loading={usage.isFetching} onClick={() => void usage.refetch()}>
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">{t('usageRange', { from: window.from, to: window.to })}</Text>
        <ErrorAlert error={usage.error} />
        {usage.isPending && <Loader aria-label={t('common:loading')} />}
        {usage.isSuccess && rows.length === 0 && <Text size="sm" c="dimmed" data-testid="no-usage">{t('noUsage')}</Text>}
        {rows.length > 0 && (
          <>
            <SimpleGrid cols={{ base: 1, lg: 3 }}>
              <UsageChart id="usage-calls" title={t('callsChart')} summary={summary} data={rows.map((r) => ({ endpoint: r.endpoint, calls: r.calls }))} series={[{ name: 'calls', label: t('calls'), color: 'blue.6' }]} />
              <UsageChart
                id="usage-success"
                title={t('successChart')}
                summary={summary}
                unit="%"
                data={rows.map((r) => ({ endpoint: r.endpoint, successRate: r.successRate === null ? 0 : Math.round(r.successRate * 1000) / 10 }))}
                series={[{ name: 'successRate', label: t('successRate'), color: 'teal.6' }]}
              />
              <UsageChart
                id="usage-response"
                title={t('responseChart')}
                summary={summary}
                unit=" ms"
                data={rows.map((r) => ({ endpoint: r.endpoint, avg: r.avgResponseMs, p95: r.p95ResponseMs }))}
                series={[
                  { name: 'avg', label: t('avgMs'), color: 'violet.6' },
                  { name: 'p95', label: t('p95Ms'), color: 'orange.6' },
                ]}
              />
            </SimpleGrid>
            <DataTable
              label={t('usageTable')}
              rows={rows}
              rowKey={(r) => r.endpoint}
              minWidth={720}
              busy={usage.isFetching}
              rowProps={(r) => ({ 'data-endpoint': r.endpoint, 'data-calls': String(r.calls) })}
              columns={[
                { key: 'endpoint', header: t('endpoint'), strong: true, cell: (r) => <Text size="sm" ff="monospace">{r.endpoint}</Text> },
                { key: 'calls', header: t('calls'), cell: (r) => r.calls },
                { key: 'rate', header: t('successRate'), cell: (r) => formatRate(r.successRate) },
                { key: 'avg', header: t('avgMs'), cell: (r) => r.avgResponseMs },
                { key: 'p95', header: t('p95Ms'), cell: (r) => r.p95ResponseMs },
              ]}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
};
