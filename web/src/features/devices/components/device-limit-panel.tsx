import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { describeError, ApiError } from '../../../lib/errors/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { useDevices } from '../api/devices-api';
import { DeviceTable } from './device-table';
import './devices.messages';

const LIMIT_ERROR = new ApiError(409, 'DEVICE_LIMIT_EXCEEDED', 'device limit reached');

/**
 * Shown by the player when registering this browser answered 409 DEVICE_LIMIT_EXCEEDED: the
 * error's sentence and the store's devices, each with a revoke button; onRevoked after one went.
 */
export const DeviceLimitPanel = ({ onRevoked }: { onRevoked: () => void }) => {
  const { t } = useTranslation('devices');
  const devices = useDevices();
  const items = devices.data?.items ?? [];
  return (
    <Stack>
      <Alert color="red" title={t('limitTitle')} role="alert">
        {describeError(LIMIT_ERROR, currentLanguage())}
      </Alert>
      <Text size="sm">{t('limitPick')}</Text>
      <ErrorAlert error={devices.error} />
      {devices.isPending && <Loader aria-label={t('common:loading')} />}
      {devices.isSuccess && items.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {items.length > 0 && <DeviceTable devices={items} full={false} onRevoked={onRevoked} />}
    </Stack>
  );
};
