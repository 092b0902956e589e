import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/errors/api-error';
import { ManagerTable } from '../../admin-hqs/components/manager-table';
import { checkEmail, checkPassword, LIMITS, requiredText } from '../../admin-hqs/hq-rules';
import { storeKeys, useIssueStoreManager, type StoreDetail } from '../api/admin-stores-api';
import { useSayStore } from './store-parts';
import '../admin-stores.messages';

/** The store's manager accounts with their actions, and the form that issues one (StoreManagerIssueRequest). */
export const StoreManagersCard = ({ store }: { store: StoreDetail }) => {
  const { t } = useTranslation('admin-stores');
  const say = useSayStore();
  const issue = useIssueStoreManager(store.id);
  const form = useForm({
    initialValues: { email: store.managers.length === 0 ? (store.managerEmail ?? '') : '', name: store.managerName ?? '', tempPassword: '' },
    validate: {
      email: (v) => say(checkEmail(v)),
      name: (v) => say(requiredText(v, LIMITS.name)),
      tempPassword: (v) => say(checkPassword(v)),
    },
  });
  const submit = (values: { email: string; name: string; tempPassword: string }) =>
    issue.mutate(
      { email: values.email.trim(), name: values.name.trim(), tempPassword: values.tempPassword },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('managers.issued') });
          form.reset();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') form.setFieldError('email', t('managers.duplicateEmail'));
        },
      },
    );
  const shownError = issue.error instanceof ApiError && issue.error.code === 'DUPLICATE_EMAIL' ? null : issue.error;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-managers">
      <Stack>
        <Title order={2} size="h4" id="store-managers">{t('managers.title')}</Title>
        <ManagerTable kind="store-managers" managers={store.managers} invalidate={storeKeys.detail(store.id)} />
        {!store.closedAt && (
          <form onSubmit={form.onSubmit(submit)} noValidate aria-labelledby="store-manager-issue">
            <Stack>
              <Title order={3} size="h5" id="store-manager-issue">{t('managers.issueTitle')}</Title>
              <Text size="sm" c="dimmed">{t('managers.issueHint')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('managers.email')} type="email" autoComplete="off" required {...form.getInputProps('email')} />
                <TextInput label={t('managers.name')} required {...form.getInputProps('name')} />
                <PasswordInput label={t('managers.tempPassword')} description={t('managers.tempPasswordHint')} autoComplete="new-password" required {...form.getInputProps('tempPassword')} />
              </SimpleGrid>
              <ErrorAlert error={shownError} />
              <Group><Button type="submit" loading={issue.isPending}>{t('managers.issue')}</Button></Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
