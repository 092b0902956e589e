import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { session } from '../../../lib/api/client';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { confirmEmailChange } from '../api/auth-api';
import '../auth.messages';

/**
 * The email-change link (/email-change?token=…). Confirming is a button, not a page load, so a
 * mail scanner that opens links does not spend the token.
 */
export const EmailChangePage = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => confirmEmailChange(token),
    // The login id changed: the old session's tokens were for the old address.
    onSuccess: () => session.clear('LOGOUT'),
  });
  return (
    <CenteredPage title={t('emailChangeTitle')}>
      {!token && <Alert color="red" role="alert">{t('noToken')}</Alert>}
      {token && !confirm.isSuccess && (
        <Stack>
          <Text>{t('emailChangeIntro')}</Text>
          <ErrorAlert error={confirm.error} />
          <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>{t('emailChangeConfirm')}</Button>
        </Stack>
      )}
      {confirm.isSuccess && <><Alert color="green" role="status">{t('emailChangeDone')}</Alert><Button component={Link} to="/login">{t('toLogin')}</Button></>}
    </CenteredPage>
  );
};
