import { useTranslation } from 'react-i18next';
import { useImpersonation } from './use-impersonation';
import './impersonation.messages';

/**
 * Why an action is closed to this tab's session (an operator impersonating: spec 02 and identity
 * refuse password, email and manager-account changes), or null when the account holder is signed in.
 * For a single field, where ImpersonationGuard's alert around a whole form would be too much.
 */
export const useImpersonationReason = (): string | null => {
  const { t } = useTranslation('impersonation');
  return useImpersonation() ? t('forbidden') : null;
};
