import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, fieldErrors } from '../../../lib/errors/api-error';
import { useCreateStore, type CreateStoreResult } from '../api/stores-api';
import { createBodyOf, EMPTY_STORE_VALUES, type StoreValues } from '../store-fields';
import { ManagerAccountResult } from './manager-account-result';
import { StoreFieldInputs, useStoreFieldRules } from './store-field-inputs';
import '../hq-stores.messages';

/**
 * /hq/stores/new: one store by the form. An email also makes the owner's account (setup mail after
 * the commit); a duplicate email creates nothing and is said under the email field.
 */
export const StoreCreatePage = () => {
  const { t } = useTranslation('hq-stores');
  const create = useCreateStore();
  const [result, setResult] = useState<CreateStoreResult | null>(null);
  const form = useForm<StoreValues>({ initialValues: EMPTY_STORE_VALUES, validate: useStoreFieldRules() });
  const submit = (values: StoreValues) =>
    create.mutate(createBodyOf(values), {
      onSuccess: (created) => {
        setResult(created);
        form.reset();
        notifications.show({ color: 'green', message: t('create.created', { name: created.store.name }) });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') form.setFieldError('managerEmail', t('create.duplicateEmail'));
        else form.setErrors(fieldErrors(err));
      },
    });
  // The duplicate email is said under its field, not again above the button.
  const shownError = create.error instanceof ApiError && create.error.code === 'DUPLICATE_EMAIL' ? null : create.error;

  return (
    <Stack maw={720}>
      <Anchor component={Link} to=".." relative="path" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('detail.back')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('create.title')}</Title>
        <Text c="dimmed">{t('create.intro')}</Text>
      </Stack>
      {result && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="create-result">
          <Stack>
            <Title order={2} size="h4" id="create-result">{t('create.created', { name: result.store.name })}</Title>
            <ManagerAccountResult account={result.managerAccount} />
            <Group>
              <Button component={Link} to={`../${result.store.id}`} relative="path" variant="light">{t('create.openStore')}</Button>
              <Button variant="default" onClick={() => { setResult(null); create.reset(); }}>{t('create.another')}</Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {!result && (
        <Paper withBorder p="md" radius="md">
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack>
              <StoreFieldInputs form={form} creating />
              <ErrorAlert error={shownError} />
              <Group>
                <Button type="submit" loading={create.isPending}>{t('create.submit')}</Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
};
