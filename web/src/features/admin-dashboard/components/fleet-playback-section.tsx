import { Anchor, Badge, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useFleetPlayback, useHqNames, type HqPlaybackCounts } from '../api/admin-dashboard-api';
import { hqRowsInOrder, pageOf, playingPercent, type PlaybackState } from '../dashboard-rules';
import '../admin-dashboard.messages';

/** The cards' order: what plays first, what needs a look last (as on the HQ board). */
const STATES: readonly PlaybackState[] = ['PLAYING', 'PAUSED', 'SILENT', 'OFFLINE'];
const STATE_COLOR: Record<PlaybackState, string> = { PLAYING: 'green', PAUSED: 'yellow', SILENT: 'gray', OFFLINE: 'red' };
const HQ_PAGE_SIZE = 25;

/** The fleet's playback state across HQs: a card per state, and one row per HQ linking to it. */
export const FleetPlaybackSection = () => {
  const { t } = useTranslation('admin-dashboard');
  const fleet = useFleetPlayback();
  const [page, setPage] = useState(0);
  const data = fleet.data;
  const ordered = hqRowsInOrder(data?.hqs ?? []);
  const shown = pageOf(ordered, page, HQ_PAGE_SIZE);
  const names = useHqNames(shown.rows.map((r) => r.hqId));
  const percent = data ? playingPercent(data.counts) : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-playback">
      <Title order={2} size="h3" id="dashboard-playback">{t('playback.heading')}</Title>
      {data && <Text size="sm" c="dimmed">{t('playback.intro', { minutes: Math.max(1, Math.round(data.offlineAfterSeconds / 60)) })}</Text>}
      <ErrorAlert error={fleet.error} />
      {fleet.isPending && <Loader aria-label={t('common:loading')} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} role="group" aria-label={t('playback.cards')}>
            {STATES.map((state) => (
              <Paper key={state} withBorder p="md" radius="md" data-testid={`fleet-state-${state}`} aria-label={t('playback.cardLabel', { state: t(`playback.state.${state}`), count: data.counts[state] })}>
                <Text size="sm" c={STATE_COLOR[state]} fw={600}>{t(`playback.state.${state}`)}</Text>
                <Text fz={32} fw={700} lh={1.2} data-testid={`fleet-count-${state}`}>{data.counts[state].toLocaleString()}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          {percent !== null && <Text size="sm" data-testid="fleet-playing-share">{t('playback.playingShare', { percent })}</Text>}
          {ordered.length === 0 ? (
            <Text c="dimmed">{t('playback.noSignal')}</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">{t('playback.order')}</Text>
              <DataTable<HqPlaybackCounts>
                label={t('playback.table')}
                rows={shown.rows}
                rowKey={(r) => r.hqId}
                minWidth={720}
                busy={fleet.isFetching}
                testId="fleet-hq-table"
                rowProps={(r) => ({ 'data-hq-id': r.hqId })}
                columns={[
                  {
                    key: 'hq',
                    header: t('playback.hq'),
                    strong: true,
                    cell: (r) => {
                      const name = names.get(r.hqId);
                      return (
                        <Anchor component={Link} to={`/admin/hqs/${r.hqId}`} aria-label={name ? t('playback.hqLink', { name }) : undefined}>
                          {name ?? <Text span c="dimmed" size="sm">{t('playback.nameUnknown', { id: r.hqId.slice(0, 8) })}</Text>}
                        </Anchor>
                      );
                    },
                  },
                  { key: 'stores', header: t('playback.storeCount'), cell: (r) => r.storeCount.toLocaleString() },
                  ...STATES.map((state) => ({
                    key: state,
                    header: t(`playback.state.${state}`),
                    cell: (r: HqPlaybackCounts) =>
                      r.counts[state] > 0 ? (
                        <Badge color={STATE_COLOR[state]} variant={state === 'PLAYING' ? 'filled' : 'light'} data-state={state}>{r.counts[state]}</Badge>
                      ) : (
                        <Text span c="dimmed">0</Text>
                      ),
                  })),
                ]}
              />
              <TablePager
                total={ordered.length}
                page={shown.page}
                pageSize={HQ_PAGE_SIZE}
                onPage={setPage}
                totalLabel={t('playback.total', { count: ordered.length })}
                paginationLabel={t('playback.pagination')}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
};
