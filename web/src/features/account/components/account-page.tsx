import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { api, unwrap } from '../../../lib/api/client';
import { ME_KEY, useMe } from '../../auth/api/auth-api';
import { ChangePasswordForm } from '../../auth/components/change-password-form';
import { EMAIL_PATTERN } from '../../auth/components/password-fields';
import { ImpersonationGuard } from '../../impersonation/components/impersonation-guard';
import '../../auth/auth.messages';
import '../account.messages';

/** The signed-in person's own account: a new password, a new sign-in email (confirmed by mail). */
export const AccountPage = () => {
  const { t } = useTranslation('account');
  const me = useMe();
  return (
    <Stack maw={640} gap="md">
      <Title order={1} size="h2">{t('title')}</Title>
      <ImpersonationGuard>
        <Stack gap="md">
          <PasswordCard />
          <EmailCard currentEmail={me.data?.email ?? ''} />
        </Stack>
      </ImpersonationGuard>
    </Stack>
  );
};

const PasswordCard = () => {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">{t('passwordTitle')}</Title>
        <ChangePasswordForm
          submitLabel={t('change')}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: ME_KEY });
            notifications.show({ color: 'green', message: t('passwordChanged') });
          }}
        />
      </Stack>
    </Card>
  );
};

const EmailCard = ({ currentEmail }: { currentEmail: string }) => {
  const { t } = useTranslation('account');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newEmail: '' },
    validate: {
      newEmail: (v) => (!EMAIL_PATTERN.test(v.trim()) ? t('auth:emailInvalid') : v.trim().toLowerCase() === currentEmail.toLowerCase() ? t('sameEmail') : null),
    },
  });
  const request = useMutation({ mutationFn: (newEmail: string) => unwrap(api.POST('/api/v1/auth/email-change/request', { body: { newEmail } })) });
  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={form.onSubmit((v) => request.mutate(v.newEmail.trim()))}>
        <Stack>
          <Title order={2} size="h4">{t('emailTitle')}</Title>
          <Text size="sm" c="dimmed">{t('current', { email: currentEmail })}</Text>
          <Text size="sm">{t('emailIntro')}</Text>
          <TextInput label={t('newEmail')} type="email" autoComplete="email" maxLength={255} required key={form.key('newEmail')} {...form.getInputProps('newEmail')} />
          <ErrorAlert error={request.error} />
          {request.isSuccess && <Alert color="green" role="status">{t('linkSent', { email: request.variables })}</Alert>}
          <Button type="submit" loading={request.isPending} style={{ alignSelf: 'flex-start' }}>{t('sendLink')}</Button>
        </Stack>
      </form>
    </Card>
  );
};
