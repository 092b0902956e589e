import { Group, Input, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ko';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { currentLanguage } from '../../../lib/i18n';
import { usePlaybackSummary } from '../api/playback-api';
import { kstToday } from '../log-filters';
import { hasPlays, type SummaryMetric } from '../summary-rows';
import { PlaybackNav } from './playback-nav';
import { StoreSelect } from './store-select';
import { SummaryChart } from './summary-chart';
import { SummaryTable } from './summary-table';
import '../hq-playback.messages';

/** /hq/playback/summary: day, week and month totals around a KST day, for all stores or one. */
export const SummaryPage = () => {
  const { t } = useTranslation('hq-playback');
  const [params, setParams] = useSearchParams();
  const storeId = params.get('store') || null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null;
  const [metric, setMetric] = useState<SummaryMetric>('count');
  const summary = usePlaybackSummary(storeId, date);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const data = summary.data;
  return (
    <Stack maw={1200}>
      <PlaybackNav />
      <Stack gap={4}>
        <Title order={1} size="h2">{t('summary.title')}</Title>
        <Text c="dimmed">{t('summary.intro')}</Text>
      </Stack>
      <Group align="flex-end" gap="md">
        <StoreSelect value={storeId} onChange={(id) => set('store', id)} />
        <DatesProvider settings={{ locale: currentLanguage() }}>
          <DatePickerInput
            label={t('summary.date')}
            valueFormat="YYYY-MM-DD"
            maxDate={kstToday()}
            value={date ?? kstToday()}
            onChange={(day) => set('date', day && day !== kstToday() ? day : null)}
            miw={180}
          />
        </DatesProvider>
        <Input.Wrapper label={t('summary.metric')} id="summary-metric">
          <SegmentedControl
            display="flex"
            aria-labelledby="summary-metric-label"
            value={metric}
            onChange={(v) => setMetric(v as SummaryMetric)}
            data={[
              { value: 'count', label: t('summary.metricCount') },
              { value: 'hours', label: t('summary.metricHours') },
            ]}
          />
        </Input.Wrapper>
      </Group>
      <ErrorAlert error={summary.error} />
      {summary.isPending && <Loader aria-label={t('common:loading')} />}
      {data && (
        <Paper withBorder p="md" radius="md" aria-busy={summary.isFetching || undefined}>
          <Stack>
            {!hasPlays(data) && <Text c="dimmed">{t('summary.noPlays')}</Text>}
            <SummaryChart summary={data} metric={metric} />
            <SummaryTable summary={data} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
