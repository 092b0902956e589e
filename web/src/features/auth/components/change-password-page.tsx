import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, session, unwrap } from '../../../lib/api/client';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ME_KEY, nextPageFor } from '../api/auth-api';
import { ChangePasswordForm } from './change-password-form';
import '../auth.messages';

/** The forced change of spec 02: nothing else is reachable until it is done. */
export const ChangePasswordPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onChanged = async () => {
    const me = await unwrap(api.GET('/api/v1/auth/me'));
    queryClient.setQueryData(ME_KEY, me);
    void navigate(nextPageFor(me), { replace: true });
  };
  return (
    <CenteredPage title={t('changeTitle')}>
      <Text>{t('changeIntro')}</Text>
      <ChangePasswordForm submitLabel={t('change')} onChanged={onChanged}>
        <Button variant="subtle" onClick={() => void session.logout()}>{t('common:signOut')}</Button>
      </ChangePasswordForm>
    </CenteredPage>
  );
};
