import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ImpersonationGuard } from '../../impersonation/components/impersonation-guard';
import { ApiError, fieldErrors } from '../../../lib/errors/api-error';
import { useIssueManager, type HqStoreDetail, type ManagerIssueResult } from '../api/stores-api';
import { checkStoreField } from '../store-fields';
import { ManagerAccountResult } from './manager-account-result';
import '../hq-stores.messages';

const STATUS_COLOR = { ACTIVE: 'green', SUSPENDED: 'red', WITHDRAWN: 'gray' } as const;
const NAME_MAX = 50;

/** The store's manager account, or the form that issues one (the server makes the password and mails the setup link). */
export const StoreManagerCard = ({ store }: { store: HqStoreDetail }) => {
  const { t } = useTranslation('hq-stores');
  const manager = store.storeManager;
  const issue = useIssueManager(store.id);
  const [issued, setIssued] = useState<ManagerIssueResult | null>(null);
  const form = useForm({
    initialValues: { name: '', email: store.managerEmail ?? '' },
    validate: {
      name: (v) => (v.trim().length > NAME_MAX ? t('validation.tooLong', { max: NAME_MAX }) : null),
      email: (v) => {
        if (!v.trim()) return t('validation.emailRequired');
        const problem = checkStoreField('managerEmail', v);
        return problem ? t(`validation.${problem.key}`, 'max' in problem ? { max: problem.max } : {}) : null;
      },
    },
  });
  const submit = (values: { name: string; email: string }) =>
    issue.mutate(
      { email: values.email.trim(), name: values.name.trim() || null },
      {
        onSuccess: (r) => {
          setIssued(r.managerAccount);
          notifications.show({ color: 'green', message: t('manager.issued') });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') form.setFieldError('email', t('create.duplicateEmail'));
          else form.setErrors(fieldErrors(err));
        },
      },
    );
  const shownError = issue.error instanceof ApiError && issue.error.code === 'DUPLICATE_EMAIL' ? null : issue.error;
  // A withdrawn owner cannot come back: the store may get a new manager account.
  const mayIssue = !manager || manager.status === 'WITHDRAWN';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-manager">
      <Stack>
        <Title order={2} size="h4" id="store-manager">{t('manager.title')}</Title>
        {manager ? (
          <Stack gap="xs" component="dl" m={0}>
            <Stack gap={2}><Text size="xs" c="dimmed" component="dt">{t('manager.email')}</Text><Text size="sm" fw={500} component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>{manager.email}</Text></Stack>
            <Group gap="xl" align="flex-start">
              <Stack gap={2}><Text size="xs" c="dimmed" component="dt">{t('manager.name')}</Text><Text size="sm" fw={500} component="dd" m={0}>{manager.name ?? '—'}</Text></Stack>
              <Stack gap={2} align="flex-start"><Text size="xs" c="dimmed" component="dt">{t('manager.status')}</Text><Badge component="dd" m={0} color={STATUS_COLOR[manager.status]} variant="light">{t(`manager.statuses.${manager.status}`)}</Badge></Stack>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="orange" fw={500}>{t('manager.none')}</Text>
        )}
        {issued && <ManagerAccountResult account={issued} />}
        {/* Issuing a manager account is refused to an impersonated session (403 IMPERSONATION_FORBIDDEN_ACTION). */}
        {mayIssue && !issued && (
          <ImpersonationGuard>
            <form onSubmit={form.onSubmit(submit)} noValidate>
              <Stack>
                <Text size="sm" c="dimmed">{t('manager.issueHint')}</Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('manager.emailInput')} type="email" required {...form.getInputProps('email')} />
                  <TextInput label={t('manager.nameInput')} {...form.getInputProps('name')} />
                </SimpleGrid>
                <ErrorAlert error={shownError} />
                <Group><Button type="submit" loading={issue.isPending}>{t('manager.issue')}</Button></Group>
              </Stack>
            </form>
          </ImpersonationGuard>
        )}
      </Stack>
    </Paper>
  );
};
