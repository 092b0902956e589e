import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api, session, unwrap } from '../../../lib/api/client';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { agree, ME_KEY, nextPageFor, useMe, type LegalKind } from '../api/auth-api';
import { LegalDocument } from './legal-document';
import '../auth.messages';

/** The legal gate of spec 02: the documents whose current version the account has not agreed to. */
export const AgreementsPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const [checked, setChecked] = useState<Record<LegalKind, boolean>>({ terms: false, privacy: false });
  const [versions, setVersions] = useState<Partial<Record<LegalKind, string>>>({});
  const [tried, setTried] = useState(false);
  const due: LegalKind[] = me.data ? [...(me.data.termsRequiresAgreement ? ['terms' as const] : []), ...(me.data.privacyRequiresAgreement ? ['privacy' as const] : [])] : [];
  const submit = useMutation({
    mutationFn: async () => {
      for (const kind of due) await agree(kind, versions[kind]!);
      const fresh = await unwrap(api.GET('/api/v1/auth/me'));
      queryClient.setQueryData(ME_KEY, fresh);
      return fresh;
    },
    onSuccess: (fresh) => void navigate(nextPageFor(fresh), { replace: true }),
  });
  if (me.data && due.length === 0) return <Navigate to={nextPageFor(me.data)} replace />;
  const allChecked = due.every((kind) => checked[kind] && versions[kind]);
  return (
    <CenteredPage title={t('agreementsTitle')} width={640}>
      <Text>{t('agreementsIntro')}</Text>
      <Stack gap="lg">
        {due.map((kind) => (
          <LegalDocument
            key={kind}
            kind={kind}
            checked={checked[kind]}
            onChange={(v) => setChecked((c) => ({ ...c, [kind]: v }))}
            onVersion={(version) => setVersions((v) => ({ ...v, [kind]: version }))}
            error={tried && !checked[kind] ? t('mustAgree') : null}
          />
        ))}
        <ErrorAlert error={submit.error} />
        <Button
          loading={submit.isPending}
          onClick={() => {
            setTried(true);
            if (allChecked) submit.mutate();
          }}
        >
          {t('agreeAll')}
        </Button>
        <Button variant="subtle" onClick={() => void session.logout()}>{t('common:signOut')}</Button>
      </Stack>
    </CenteredPage>
  );
};
