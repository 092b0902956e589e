import { Badge, Button, Group, Text } from '@mantine/core';
import { DataTable } from '../../../components/ui/data-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useRegisteredDevice } from '../api/device-identity';
import type { DeviceListItem } from '../api/devices-api';
import { DevicePlaylistCell } from './device-playlist-cell';
import { RenameDeviceModal } from './rename-device-modal';
import { RevokeDeviceDialog } from './revoke-device-dialog';
import './devices.messages';

/**
 * The store's active devices, this browser's marked. `full`: rename, playlist and revoke (the
 * devices page); otherwise revoke only (the device-limit panel of the player's registration).
 */
export const DeviceTable = ({ devices, full, onRevoked }: { devices: DeviceListItem[]; full: boolean; onRevoked?: () => void }) => {
  const { t } = useTranslation('devices');
  const own = useRegisteredDevice();
  const [renaming, setRenaming] = useState<DeviceListItem | null>(null);
  const [revoking, setRevoking] = useState<DeviceListItem | null>(null);
  return (
    <>
      <DataTable
        label={t('table')}
        rows={devices}
        rowKey={(device) => device.id}
        minWidth={full ? 720 : 420}
        hover={false}
        columns={[
          {
            key: 'label',
            header: t('label'),
            cell: (device) => (
              <Group gap="xs">
                <Text size="sm" fw={600}>{device.label}</Text>
                {own?.id === device.id && <Badge size="sm" variant="light" color="green">{t('thisDevice')}</Badge>}
              </Group>
            ),
          },
          { key: 'registeredAt', header: t('registeredAt'), cell: (device) => formatDateTime(device.createdAt) },
          full && { key: 'playlist', header: t('playlist'), cell: (device) => <DevicePlaylistCell device={device} /> },
          {
            key: 'actions',
            header: t('actions'),
            cell: (device) => (
              <Group gap="xs" wrap="nowrap">
                {full && (
                  <Button size="xs" variant="light" aria-label={t('renameLabel', { label: device.label })} onClick={() => setRenaming(device)}>
                    {t('rename')}
                  </Button>
                )}
                <Button size="xs" variant="light" color="red" aria-label={t('revokeLabel', { label: device.label })} onClick={() => setRevoking(device)}>
                  {t('revoke')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {renaming && <RenameDeviceModal key={renaming.id} device={renaming} onClose={() => setRenaming(null)} />}
      <RevokeDeviceDialog device={revoking} onClose={() => setRevoking(null)} onRevoked={onRevoked} />
    </>
  );
};
