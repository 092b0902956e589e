import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from './password-field';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../../../lib/api/client';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { completeSetup, login, ME_KEY, nextPageFor, verifySetup } from '../api/auth-api';
import { LegalDocument } from './legal-document';
import { newPasswordRules } from './password-fields';
import '../auth.messages';

/**
 * The emailed setup link (/setup?token=…): verify the token, set a password, agree to the active
 * versions, then sign in with the new password and go to the account's area.
 */
export const SetupPage = () => {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verified = useQuery({ queryKey: ['setup', token], queryFn: () => verifySetup(token), enabled: token.length > 0, retry: false, staleTime: Infinity });
  const [agreed, setAgreed] = useState({ terms: false, privacy: false });
  const [tried, setTried] = useState(false);
  const rules = newPasswordRules(t);
  const form = useForm({ mode: 'uncontrolled', initialValues: { newPassword: '', confirm: '', signerName: '' }, validate: { newPassword: rules.newPassword, confirm: rules.confirm, signerName: (v) => (v.length > 255 ? t('passwordLength') : null) } });
  const info = verified.data;
  const needTerms = Boolean(info?.activeTermsVersion);
  const needPrivacy = Boolean(info?.activePrivacyPolicyVersion);
  const complete = useMutation({
    mutationFn: async (values: { newPassword: string; signerName: string }) => {
      await completeSetup({
        token,
        newPassword: values.newPassword,
        termsVersion: info!.activeTermsVersion ?? null,
        privacyPolicyVersion: info!.activePrivacyPolicyVersion ?? null,
        signerName: values.signerName.trim() || null,
      });
      await login(info!.email, values.newPassword);
      const me = await unwrap(api.GET('/api/v1/auth/me'));
      queryClient.setQueryData(ME_KEY, me);
      return me;
    },
    onSuccess: (me) => void navigate(nextPageFor(me), { replace: true }),
  });
  if (!token) return <CenteredPage title={t('setupTitle')}><Alert color="red" role="alert">{t('noToken')}</Alert></CenteredPage>;
  return (
    <CenteredPage title={t('setupTitle')} width={640}>
      {verified.isPending && <Stack align="center"><Loader /><Text>{t('verifying')}</Text></Stack>}
      <ErrorAlert error={verified.error} />
      {info && (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setTried(true);
            if ((needTerms && !agreed.terms) || (needPrivacy && !agreed.privacy)) return;
            complete.mutate(values);
          })}
        >
          <Stack>
            <Text>{t('setupIntro', { email: info.email })}</Text>
            <Text size="sm" c="dimmed">{t('setupExpires', { time: new Date(info.expiresAt).toLocaleString(i18n.language) })}</Text>
            <PasswordField label={t('newPassword')} description={t('passwordLength')} autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
            <PasswordField label={t('confirmPassword')} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
            {(needTerms || needPrivacy) && <TextInput label={t('signerName')} maxLength={255} key={form.key('signerName')} {...form.getInputProps('signerName')} />}
            {needTerms && <LegalDocument kind="terms" checked={agreed.terms} onChange={(v) => setAgreed((a) => ({ ...a, terms: v }))} error={tried && !agreed.terms ? t('mustAgree') : null} />}
            {needPrivacy && <LegalDocument kind="privacy" checked={agreed.privacy} onChange={(v) => setAgreed((a) => ({ ...a, privacy: v }))} error={tried && !agreed.privacy ? t('mustAgree') : null} />}
            <ErrorAlert error={complete.error} />
            <Button type="submit" loading={complete.isPending}>{t('setupComplete')}</Button>
          </Stack>
        </form>
      )}
    </CenteredPage>
  );
};
