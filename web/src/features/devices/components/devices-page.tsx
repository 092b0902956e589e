import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { DEVICE_LIMIT, useDevices } from '../api/devices-api';
import { DeviceTable } from './device-table';
import './devices.messages';

/** /player/devices: the store's active devices; rename, revoke, and each one's playlist. */
export const DevicesPage = () => {
  const { t } = useTranslation('devices');
  const devices = useDevices();
  const items = devices.data?.items ?? [];
  return (
    <Stack maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('title')}</Title>
          <Text c="dimmed">{t('intro', { max: DEVICE_LIMIT })}</Text>
        </Stack>
        {devices.isSuccess && (
          <Badge size="lg" variant="light" color={items.length >= DEVICE_LIMIT ? 'red' : 'blue'}>
            {t('count', { count: items.length, max: DEVICE_LIMIT })}
          </Badge>
        )}
      </Group>
      <ErrorAlert error={devices.error} />
      {devices.isPending && <Loader aria-label={t('common:loading')} />}
      {devices.isSuccess && items.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {items.length > 0 && <DeviceTable devices={items} full />}
      {items.length > 0 && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('playlistHelp')}
        </Alert>
      )}
    </Stack>
  );
};
