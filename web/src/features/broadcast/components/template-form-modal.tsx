import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { BROADCAST_TEXT_MAX, TEMPLATE_NAME_MAX, useSaveTemplate, type BroadcastTemplate, type TemplateBody } from '../api/broadcast-api';
import { broadcastTextRule } from './typed-broadcast-form';
import { VoiceSelect } from './voice-select';
import '../broadcast.messages';

/** Create (template undefined) or edit a template: name 1..60, text 1..200, voice. */
export const TemplateFormModal = ({ opened, template, onClose }: { opened: boolean; template?: BroadcastTemplate; onClose: () => void }) => {
  const { t } = useTranslation('broadcast');
  const save = useSaveTemplate();
  const form = useForm<TemplateBody>({
    initialValues: { name: template?.name ?? '', text: template?.text ?? '', voice: template?.voice ?? 'SHEAN' },
    validate: {
      name: (v) => (v.trim().length === 0 ? t('nameRequired') : v.trim().length > TEMPLATE_NAME_MAX ? t('nameTooLong') : null),
      text: broadcastTextRule(t),
      voice: (v) => (v ? null : t('voiceRequired')),
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = (values: TemplateBody) =>
    save.mutate(
      { id: template?.id, body: { name: values.name.trim(), text: values.text.trim(), voice: values.voice } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: template ? t('updated') : t('created') });
          close();
        },
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );
  return (
    <Modal opened={opened} onClose={close} title={template ? t('editTemplate') : t('newTemplate')} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t('name')}
            required
            data-autofocus
            description={t('common:lengthCounter', { count: form.values.name.length, max: TEMPLATE_NAME_MAX })}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('text')}
            required
            autosize
            minRows={3}
            description={t('common:lengthCounter', { count: form.values.text.length, max: BROADCAST_TEXT_MAX })}
            {...form.getInputProps('text')}
          />
          <VoiceSelect required {...form.getInputProps('voice')} />
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common:cancel')}</Button>
            <Button type="submit" loading={save.isPending}>{t('common:save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
