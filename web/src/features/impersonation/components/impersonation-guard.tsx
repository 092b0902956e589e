import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useImpersonation } from '../use-impersonation';
import '../impersonation.messages';

/**
 * An action an impersonated session may not take (spec 02: password and email changes, legal
 * agreement): while impersonating, the reason is shown and the form beneath is disabled.
 */
export const ImpersonationGuard = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('impersonation');
  const impersonation = useImpersonation();
  if (!impersonation) return <>{children}</>;
  return (
    <>
      <Alert color="orange" icon={<IconLock aria-hidden />} data-testid="impersonation-forbidden">{t('forbidden')}</Alert>
      <fieldset disabled aria-disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0, opacity: 0.6 }}>{children}</fieldset>
    </>
  );
};
