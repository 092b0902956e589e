import { Alert, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { usePlaybackStatus } from '../api/fleet-api';
import { clampPage, offlineMinutes, pageOf, serverNow, storesInState, type FleetState } from '../fleet-rules';
import { useNow } from '../use-now';
import { StateCards } from './state-cards';
import { StoreStatusTable } from './store-status-table';
import { SupportSignal } from './support-signal';
import { UndeliveredToday } from './undelivered-today';
import '../hq-fleet.messages';

const STORES_PAGE_SIZE = 50;
/** "Last signal x min ago" ages on screen between two refreshes. */
const AGE_TICK_MS = 30_000;

/** /hq: the HQ's stores live (state counts, store rows), undelivered announcements today, store support. */
export const FleetPage = () => {
  const { t } = useTranslation('hq-fleet');
  const status = usePlaybackStatus();
  const tick = useNow(AGE_TICK_MS);
  const [state, setState] = useState<FleetState | null>(null);
  const [page, setPage] = useState(0);
  const data = status.data;
  const shown = storesInState(data?.items ?? [], state);
  const current = clampPage(page, shown.length, STORES_PAGE_SIZE);
  const now = data ? serverNow(data.generatedAt, status.dataUpdatedAt, tick) : tick;

  const choose = (next: FleetState | null) => {
    setState(next);
    setPage(0);
  };

  return (
    <Stack maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Group justify="space-between" gap="xs">
        {data && (
          <Text size="sm" c="dimmed">
            <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {t('offlineHint', { count: offlineMinutes(data.offlineAfterSeconds) })}
          </Text>
        )}
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="fleet-updated">
          {data ? t('updatedAt', { time: formatDateTime(data.generatedAt) }) : status.isFetching ? t('updating') : ''}
        </Text>
      </Group>
      <ErrorAlert error={status.error} />
      {status.isPending && <Loader aria-label={t('common:loading')} />}
      {data && (
        <>
          <StateCards counts={data.counts} selected={state} onSelect={choose} />
          {state && (
            <Alert variant="light" color="blue" p="xs">
              <Group justify="space-between">
                <Text size="sm">{t('filteredBy', { state: t(`state.${state}`) })}</Text>
                <Button size="compact-sm" variant="subtle" onClick={() => choose(null)}>{t('showAll')}</Button>
              </Group>
            </Alert>
          )}
          {shown.length === 0 ? (
            <Text c="dimmed">{state ? t('emptyFiltered', { state: t(`state.${state}`) }) : t('empty')}</Text>
          ) : (
            <StoreStatusTable stores={pageOf(shown, current, STORES_PAGE_SIZE)} now={now} busy={status.isFetching} />
          )}
          <TablePager total={shown.length} page={current} pageSize={STORES_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: shown.length })} paginationLabel={t('pagination')} />
        </>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <UndeliveredToday />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SupportSignal />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
