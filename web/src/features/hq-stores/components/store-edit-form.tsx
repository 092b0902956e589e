import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { useUpdateStore, type HqStoreDetail } from '../api/stores-api';
import { changedStoreFields, storeValuesOf, type StoreValues } from '../store-fields';
import { StoreFieldInputs, useStoreFieldRules } from './store-field-inputs';
import '../hq-stores.messages';

/** The store's name and contact values; only the keys that changed are sent (PATCH), nothing changed sends nothing. */
export const StoreEditForm = ({ store }: { store: HqStoreDetail }) => {
  const { t } = useTranslation('hq-stores');
  const update = useUpdateStore(store.id);
  const [saved, setSaved] = useState<StoreValues>(() => storeValuesOf(store));
  const [nothing, setNothing] = useState(false);
  const form = useForm<StoreValues>({ initialValues: saved, validate: useStoreFieldRules() });
  const submit = (values: StoreValues) => {
    const body = changedStoreFields(saved, values);
    const empty = Object.keys(body).length === 0;
    setNothing(empty);
    if (empty) return;
    update.mutate(body, {
      onSuccess: (next) => {
        const values = storeValuesOf(next);
        setSaved(values);
        form.setInitialValues(values);
        form.setValues(values);
        notifications.show({ color: 'green', message: t('detail.saved') });
      },
      onError: (err) => form.setErrors(fieldErrors(err)),
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-edit">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="store-edit">{t('detail.editTitle')}</Title>
          <StoreFieldInputs form={form} />
          {nothing && <Text size="sm" c="dimmed" role="status">{t('detail.noChanges')}</Text>}
          <ErrorAlert error={update.error} />
          <Group>
            <Button type="submit" loading={update.isPending}>{t('common:save')}</Button>
            <Button variant="default" onClick={() => { form.reset(); setNothing(false); update.reset(); }} disabled={!form.isDirty()}>{t('detail.reset')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
