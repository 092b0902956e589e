import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { EMAIL_PATTERN } from '../../auth/components/password-fields';
import { useUpdateStoreMe, type StoreMe } from '../api/store-profile-api';
import { changedContactFields, CONTACT_MAX, contactValuesOf, type ContactValues } from '../profile-diff';
import '../store-profile.messages';

/** The contact fields the store manager may change; only the changed keys are sent (PATCH). */
export const ContactForm = ({ store }: { store: StoreMe }) => {
  const { t } = useTranslation('store-profile');
  const update = useUpdateStoreMe();
  const [saved, setSaved] = useState<ContactValues>(() => contactValuesOf(store));
  const [nothing, setNothing] = useState(false);
  const max = (field: keyof ContactValues) => (v: string) => (v.trim().length > CONTACT_MAX[field] ? t('tooLong', { max: CONTACT_MAX[field] }) : null);
  const form = useForm<ContactValues>({
    initialValues: saved,
    validate: {
      managerName: max('managerName'),
      managerEmail: (v) => max('managerEmail')(v) ?? (v.trim() && !EMAIL_PATTERN.test(v.trim()) ? t('emailInvalid') : null),
      managerPhone: max('managerPhone'),
    },
  });
  const submit = (values: ContactValues) => {
    const body = changedContactFields(saved, values);
    setNothing(Object.keys(body).length === 0);
    if (Object.keys(body).length === 0) return;
    update.mutate(body, {
      onSuccess: (next) => {
        const values = contactValuesOf(next);
        setSaved(values);
        form.setInitialValues(values);
        form.setValues(values);
        notifications.show({ color: 'green', message: t('common:saved') });
      },
      onError: (err) => form.setErrors(fieldErrors(err)),
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="contact-form">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="contact-form">{t('contactSection')}</Title>
          <Text size="sm" c="dimmed">{t('contactHint')}</Text>
          <TextInput label={t('managerName')} autoComplete="name" {...form.getInputProps('managerName')} />
          <TextInput label={t('managerEmail')} type="email" autoComplete="email" {...form.getInputProps('managerEmail')} />
          <TextInput label={t('managerPhone')} type="tel" autoComplete="tel" {...form.getInputProps('managerPhone')} />
          {nothing && <Text size="sm" c="dimmed" role="status">{t('noChanges')}</Text>}
          <ErrorAlert error={update.error} />
          <Group>
            <Button type="submit" loading={update.isPending}>{t('common:save')}</Button>
            <Button variant="default" onClick={() => { form.reset(); setNothing(false); update.reset(); }} disabled={!form.isDirty()}>{t('reset')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
