import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../../components/ui/centered-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { api, session, unwrap } from '../../../lib/api/client';
import '../impersonation.messages';

/**
 * /impersonate#token=…: the tab the backoffice opens to work as an HQ manager. The exchange
 * token rides in the fragment, which the browser never sends to a server, so it reaches no log;
 * it is single use and lives 60 s, so it is exchanged at once and removed from the address.
 */
export const ImpersonatePage = () => {
  const { t } = useTranslation('impersonation');
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    unwrap(api.POST('/api/v1/auth/impersonate-exchange', { body: { exchangeToken: token } })).then(
      (body) => {
        session.acceptImpersonation(body);
        void navigate('/hq', { replace: true });
      },
      setError,
    );
  }, [token, navigate]);

  return (
    <CenteredPage title={t('common:areas.hq')}>
      <Stack align="center">
        {!token ? <Text role="alert">{t('noToken')}</Text> : null}
        {token && !error ? <><Loader aria-hidden /><Text>{t('opening')}</Text></> : null}
        {error ? (
          <>
            <ErrorAlert title={t('failedTitle')} error={error} />
            <Button variant="light" onClick={() => window.close()}>{t('common:close')}</Button>
          </>
        ) : null}
      </Stack>
    </CenteredPage>
  );
};
