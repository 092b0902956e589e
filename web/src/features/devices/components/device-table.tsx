import { Badge, Button, Group, Table, Text } from '@mantine/core';
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
      <Table.ScrollContainer minWidth={full ? 720 : 420}>
        <Table striped aria-label={t('table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('label')}</Table.Th>
              <Table.Th>{t('registeredAt')}</Table.Th>
              {full && <Table.Th>{t('playlist')}</Table.Th>}
              <Table.Th>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((device) => (
              <Table.Tr key={device.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>{device.label}</Text>
                    {own?.id === device.id && <Badge size="sm" variant="light" color="green">{t('thisDevice')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(device.createdAt)}</Table.Td>
                {full && <Table.Td><DevicePlaylistCell device={device} /></Table.Td>}
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {renaming && <RenameDeviceModal key={renaming.id} device={renaming} onClose={() => setRenaming(null)} />}
      <RevokeDeviceDialog device={revoking} onClose={() => setRevoking(null)} onRevoked={onRevoked} />
    </>
  );
};
