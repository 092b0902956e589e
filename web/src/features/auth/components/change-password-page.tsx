import { Button, Stack, Text } from '@mantine/core';
import { PasswordField } from './password-field';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, session, unwrap } from '../../../lib/api/client';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { changePassword, ME_KEY, nextPageFor } from '../api/auth-api';
import { newPasswordRules } from './password-fields';
import '../auth.messages';

export const ChangePasswordPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rules = newPasswordRules(t);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (v) => (v ? null : t('passwordRequired')),
      newPassword: (v, values) => rules.newPassword(v) ?? (v === values.currentPassword ? t('passwordSame') : null),
      confirm: rules.confirm,
    },
  });
  const change = useMutation({
    mutationFn: async (values: { currentPassword: string; newPassword: string }) => {
      await changePassword(values.currentPassword, values.newPassword);
      const me = await unwrap(api.GET('/api/v1/auth/me'));
      queryClient.setQueryData(ME_KEY, me);
      return me;
    },
    onSuccess: (me) => void navigate(nextPageFor(me), { replace: true }),
  });
  return (
    <CenteredPage title={t('changeTitle')}>
      <Text>{t('changeIntro')}</Text>
      <form onSubmit={form.onSubmit((v) => change.mutate(v))} noValidate>
        <Stack>
          <PasswordField label={t('currentPassword')} autoComplete="current-password" required key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
          <PasswordField label={t('newPassword')} description={t('passwordLength')} autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
          <PasswordField label={t('confirmPassword')} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
          <ErrorAlert error={change.error} />
          <Button type="submit" loading={change.isPending}>{t('change')}</Button>
          <Button variant="subtle" onClick={() => void session.logout()}>{t('common:signOut')}</Button>
        </Stack>
      </form>
    </CenteredPage>
  );
};
