import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { changePassword } from '../api/auth-api';
import { PasswordField } from './password-field';
import { newPasswordRules } from './password-fields';
import '../auth.messages';

/**
 * Current password, new password twice, checked before sending (8..100, differs, repeated alike);
 * the forced change and the account page both use it. `onChanged` runs once the server took it.
 */
export const ChangePasswordForm = ({ submitLabel, onChanged, children }: { submitLabel: string; onChanged: () => Promise<void> | void; children?: ReactNode }) => {
  const { t } = useTranslation('auth');
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
      await onChanged();
    },
    onSuccess: () => form.reset(),
  });
  return (
    <form onSubmit={form.onSubmit((v) => change.mutate(v))} noValidate>
      <Stack>
        <PasswordField label={t('currentPassword')} autoComplete="current-password" required key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
        <PasswordField label={t('newPassword')} description={t('passwordLength')} autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
        <PasswordField label={t('confirmPassword')} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
        <ErrorAlert error={change.error} />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>{submitLabel}</Button>
        {children}
      </Stack>
    </form>
  );
};
