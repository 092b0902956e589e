import { Button, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDevicePlaylist, useSetDevicePlaylist, type DeviceListItem } from '../api/devices-api';
import './devices.messages';

/** A device's own playlist (read from its endpoint), with "follow the store default" when it has one. */
export const DevicePlaylistCell = ({ device }: { device: DeviceListItem }) => {
  const { t } = useTranslation('devices');
  const playlist = useDevicePlaylist(device.id);
  const follow = useSetDevicePlaylist();
  const [confirming, setConfirming] = useState(false);
  if (playlist.isPending) return <Loader size="xs" aria-label={t('common:loading')} />;
  if (playlist.isError) return <Text size="sm" c="dimmed">{t('playlistUnavailable')}</Text>;
  const own = playlist.data.playlist;
  if (!own) return <Text size="sm">{t('followsStore')}</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{t('ownPlaylist', { name: own.name })}</Text>
      <Button size="compact-xs" variant="subtle" aria-label={t('followStoreLabel', { label: device.label })} onClick={() => { follow.reset(); setConfirming(true); }}>
        {t('followStore')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('followTitle')}
        confirmLabel={t('followStore')}
        color="blue"
        onClose={() => setConfirming(false)}
        loading={follow.isPending}
        error={follow.error}
        onConfirm={() =>
          follow.mutate(
            { deviceId: device.id, playlistId: null },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('followed') });
                setConfirming(false);
              },
            },
          )
        }
      >
        {t('followBody', { label: device.label, name: own.name })}
      </ConfirmDialog>
    </Stack>
  );
};
