import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from './password-field';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api';
import { EMAIL_PATTERN, newPasswordRules } from './password-fields';
import '../auth.messages';

/** Without a token: ask for the mail. With the mail's token (/reset-password?token=…): a new password. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  return <CenteredPage title={t('resetTitle')}>{token ? <ConfirmReset token={token} /> : <RequestReset />}</CenteredPage>;
};

const RequestReset = () => {
  const { t } = useTranslation('auth');
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: { email: (v) => (EMAIL_PATTERN.test(v.trim()) ? null : t('emailInvalid')) } });
  const send = useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
  if (send.isSuccess) return <><Alert color="green" role="status">{t('resetSent')}</Alert><Anchor component={Link} to="/login">{t('toLogin')}</Anchor></>;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => send.mutate(v.email.trim()))}>
      <Stack>
        <Text>{t('resetRequestIntro')}</Text>
        <TextInput label={t('email')} type="email" autoComplete="username" required key={form.key('email')} {...form.getInputProps('email')} />
        <ErrorAlert error={send.error} />
        <Button type="submit" loading={send.isPending}>{t('resetSend')}</Button>
        <Anchor component={Link} to="/login" size="sm">{t('toLogin')}</Anchor>
      </Stack>
    </form>
  );
};

const ConfirmReset = ({ token }: { token: string }) => {
  const { t } = useTranslation('auth');
  const rules = newPasswordRules(t);
  const form = useForm({ mode: 'uncontrolled', initialValues: { newPassword: '', confirm: '' }, validate: rules });
  const confirm = useMutation({ mutationFn: (newPassword: string) => confirmPasswordReset(token, newPassword) });
  if (confirm.isSuccess) return <><Alert color="green" role="status">{t('resetDone')}</Alert><Button component={Link} to="/login">{t('toLogin')}</Button></>;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => confirm.mutate(v.newPassword))}>
      <Stack>
        <PasswordField label={t('newPassword')} description={t('passwordLength')} autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
        <PasswordField label={t('confirmPassword')} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
        <ErrorAlert error={confirm.error} />
        <Button type="submit" loading={confirm.isPending}>{t('resetConfirm')}</Button>
      </Stack>
    </form>
  );
};
