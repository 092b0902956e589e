import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import type { DevicePlaybackStatus, StorePlaybackStatus } from '../api/fleet-api';
import { nowPlayingOf } from '../fleet-rules';
import { PlaybackStateBadge } from './playback-state-badge';
import '../hq-fleet.messages';

/** A device's name: its label once the status carries it, else its place in the store's list. */
const DeviceLine = ({ device, index }: { device: DevicePlaybackStatus & { label?: string | null }; index: number }) => {
  const { t } = useTranslation('hq-fleet');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{device.label ?? t('deviceFallback', { n: index + 1 })}</Text>
      <PlaybackStateBadge state={device.state} size="sm" />
    </Group>
  );
};

/** The stores' rows: state, how long ago the last signal came (on the server's clock), title, devices. */
export const StoreStatusTable = ({ stores, now, busy }: { stores: StorePlaybackStatus[]; now: number; busy: boolean }) => {
  const { t } = useTranslation('hq-fleet');
  return (
    <DataTable
      label={t('table')}
      rows={stores}
      rowKey={(s) => s.storeId}
      rowProps={(s) => ({ 'data-store-id': s.storeId, 'data-state': s.state })}
      busy={busy}
      minWidth={820}
      columns={[
        { key: 'store', header: t('store'), cell: (s) => <Anchor component={Link} to={`/hq/stores/${s.storeId}`} fw={600}>{s.storeName}</Anchor> },
        { key: 'state', header: t('stateColumn'), cell: (s) => <PlaybackStateBadge state={s.state} /> },
        {
          key: 'lastSignal',
          header: t('lastSignal'),
          cell: (s) =>
            s.lastSignalAt ? <Text size="sm" title={formatDateTime(s.lastSignalAt)}>{formatRelative(s.lastSignalAt, now)}</Text> : <Text size="sm" c="dimmed">{t('neverSignalled')}</Text>,
        },
        {
          key: 'nowPlaying',
          header: t('nowPlaying'),
          cell: (s) => {
            const title = s.state === 'OFFLINE' ? null : nowPlayingOf(s);
            return title ? <Text size="sm" data-testid="now-playing">{title}</Text> : <Text size="sm" c="dimmed">{t('nothingPlaying')}</Text>;
          },
        },
        {
          key: 'devices',
          header: t('devices'),
          cell: (s) =>
            s.devices.length === 0 ? (
              <Text size="sm" c="dimmed">{t('noDevices')}</Text>
            ) : (
              <Stack gap={4}>{s.devices.map((d, i) => <DeviceLine key={d.deviceId} device={d} index={i} />)}</Stack>
            ),
        },
      ]}
    />
  );
};
