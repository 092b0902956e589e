import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { registeredDevice } from '../api/device-identity';
import { useRevokeDevice, type DeviceListItem } from '../api/devices-api';
import './devices.messages';

/** Confirms and revokes a device; this browser's own device is forgotten locally as well. */
export const RevokeDeviceDialog = ({ device, onClose, onRevoked }: { device: DeviceListItem | null; onClose: () => void; onRevoked?: () => void }) => {
  const { t } = useTranslation('devices');
  const revoke = useRevokeDevice();
  const own = device !== null && registeredDevice()?.id === device.id;
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={device !== null}
      title={t('revokeTitle')}
      confirmLabel={t('revoke')}
      onClose={close}
      loading={revoke.isPending}
      error={revoke.error}
      onConfirm={() => {
        if (!device) return;
        revoke.mutate(device.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('revoked') });
            close();
            onRevoked?.();
          },
        });
      }}
    >
      {own ? t('revokeOwnBody', { label: device.label }) : t('revokeBody', { label: device?.label ?? '' })}
    </ConfirmDialog>
  );
};
