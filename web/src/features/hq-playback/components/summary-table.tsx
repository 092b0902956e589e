import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlaybackSummary } from '../api/playback-api';
import { splitDuration } from '../played-time';
import { PERIODS, percentOf } from '../summary-rows';
import '../hq-playback.messages';

/** The chart's numbers as a table: plays (trust, non-trust, all), time played, cache hit rate. */
export const SummaryTable = ({ summary }: { summary: PlaybackSummary }) => {
  const { t, i18n } = useTranslation('hq-playback');
  const n = (value: number) => value.toLocaleString(i18n.language);
  const duration = (ms: number) => t('summary.duration', splitDuration(ms));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={t('summary.table')} data-testid="summary-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('summary.periodColumn')}</Table.Th>
            <Table.Th scope="col">{t('summary.range')}</Table.Th>
            <Table.Th scope="col">{t('summary.trust')}</Table.Th>
            <Table.Th scope="col">{t('summary.nonTrust')}</Table.Th>
            <Table.Th scope="col">{t('summary.totalCount')}</Table.Th>
            <Table.Th scope="col">{t('summary.playedTime')}</Table.Th>
            <Table.Th scope="col">{t('summary.cacheHitRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERIODS.map((period) => {
            const p = summary[period];
            const rate = percentOf(p.cacheHitRate);
            return (
              <Table.Tr key={period} data-period={period}>
                <Table.Th scope="row">{t(`summary.period.${period}`)}</Table.Th>
                <Table.Td>{p.from === p.to ? p.from : `${p.from} – ${p.to}`}</Table.Td>
                <Table.Td>{n(p.trustCount)}</Table.Td>
                <Table.Td>{n(p.nonTrustCount)}</Table.Td>
                <Table.Td>{n(p.totalCount)}</Table.Td>
                <Table.Td>{duration(p.playedMs)}</Table.Td>
                <Table.Td>{rate === null ? t('summary.noCacheData') : t('summary.percent', { value: rate })}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
