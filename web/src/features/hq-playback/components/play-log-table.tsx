import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/i18n/format-time';
import type { PlaybackLogItem } from '../api/playback-api';
import { clockOf } from '../played-time';
import '../hq-playback.messages';

/** One row per play: when, where, what (trust or AI), how long, and whether the cache served it. */
export const PlayLogTable = ({ logs, busy }: { logs: PlaybackLogItem[]; busy: boolean }) => {
  const { t } = useTranslation('hq-playback');
  return (
    <DataTable
      label={t('logs.table')}
      rows={logs}
      rowKey={(l) => l.id}
      busy={busy}
      minWidth={860}
      columns={[
        { key: 'startedAt', header: t('logs.startedAt'), cell: (l) => formatDateTime(l.startedAt) },
        { key: 'store', header: t('logs.store'), cell: (l) => l.storeName ?? <Text span c="dimmed" size="sm">{t('logs.unnamedStore')}</Text> },
        { key: 'music', header: t('logs.music'), strong: true, cell: (l) => l.musicTitle },
        {
          key: 'source',
          header: t('logs.source'),
          cell: (l) => <Badge variant="light" color={l.isTrust ? 'violet' : 'cyan'}>{t(`musicSource.${l.musicSource}`)}</Badge>,
        },
        { key: 'played', header: t('logs.played'), cell: (l) => clockOf(l.playedMs) },
        {
          key: 'cache',
          header: t('logs.cacheHit'),
          cell: (l) => (l.cacheHit === null ? <Text span c="dimmed" size="sm">{t('logs.cacheHitUnknown')}</Text> : l.cacheHit ? t('logs.cacheHitYes') : t('logs.cacheHitNo')),
        },
      ]}
    />
  );
};
