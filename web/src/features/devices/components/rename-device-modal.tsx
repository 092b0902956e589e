import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { DEVICE_LABEL_MAX } from '../api/device-identity';
import { useRenameDevice, type DeviceListItem } from '../api/devices-api';
import './devices.messages';

export const deviceLabelRule = (t: (key: string) => string) => (v: string) =>
  v.trim().length === 0 ? t('devices:labelRequired') : v.trim().length > DEVICE_LABEL_MAX ? t('devices:labelTooLong') : null;

export const RenameDeviceModal = ({ device, onClose }: { device: DeviceListItem; onClose: () => void }) => {
  const { t } = useTranslation('devices');
  const rename = useRenameDevice();
  const form = useForm({ initialValues: { label: device.label }, validate: { label: deviceLabelRule(t) } });
  return (
    <Modal opened onClose={onClose} title={t('renameTitle')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit(({ label }) =>
          rename.mutate(
            { deviceId: device.id, label: label.trim() },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('renamed') });
                onClose();
              },
              onError: (err) => form.setErrors(fieldErrors(err)),
            },
          ),
        )}
      >
        <Stack>
          <TextInput
            label={t('newLabel')}
            required
            data-autofocus
            description={t('common:lengthCounter', { count: form.values.label.length, max: DEVICE_LABEL_MAX })}
            {...form.getInputProps('label')}
          />
          <ErrorAlert error={rename.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="submit" loading={rename.isPending}>{t('common:save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
