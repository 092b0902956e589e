import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from './password-field';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../../../lib/api/client';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { login, ME_KEY, nextPageFor } from '../api/auth-api';
import { EMAIL_PATTERN } from './password-fields';
import '../auth.messages';

export const LoginPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (EMAIL_PATTERN.test(v.trim()) ? null : t('emailInvalid')),
      password: (v) => (v.length > 0 ? null : t('passwordRequired')),
    },
  });
  const signIn = useMutation({
    mutationFn: async (values: { email: string; password: string }) => {
      await login(values.email.trim(), values.password);
      const me = await unwrap(api.GET('/api/v1/auth/me'));
      queryClient.setQueryData(ME_KEY, me);
      return me;
    },
    onSuccess: (me) => {
      const next = params.get('next');
      const target = nextPageFor(me);
      // Back to the page that sent here, when it belongs to the account's area and no gate is due.
      void navigate(next && next.startsWith(target) ? next : target, { replace: true });
    },
  });
  const reason = params.get('reason');
  return (
    <CenteredPage title={t('loginTitle')}>
      {reason === 'EXPIRED' && <Alert color="yellow">{t('signedOutExpired')}</Alert>}
      {reason === 'REVOKED' && <Alert color="yellow">{t('signedOutRevoked')}</Alert>}
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack>
          <TextInput label={t('email')} type="email" autoComplete="username" required key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordField label={t('password')} autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
          <ErrorAlert error={signIn.error} />
          <Button type="submit" loading={signIn.isPending}>{t('signIn')}</Button>
          <Anchor component={Link} to="/reset-password" size="sm">{t('forgot')}</Anchor>
        </Stack>
      </form>
    </CenteredPage>
  );
};
