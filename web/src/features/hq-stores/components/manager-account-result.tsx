import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ManagerIssueResult } from '../api/stores-api';
import '../hq-stores.messages';

/**
 * What became of the owner's account after a store was created or a manager issued: a setup mail
 * sent, a mail that could not be sent (the owner has no way in until an operator resends it), or
 * no account at all (no email given).
 */
export const ManagerAccountResult = ({ account }: { account: ManagerIssueResult | null | undefined }) => {
  const { t } = useTranslation('hq-stores');
  if (!account) {
    return <Alert color="gray" icon={<IconUserOff aria-hidden />} role="status" data-testid="manager-account-result">{t('account.none')}</Alert>;
  }
  if (account.setupEmailSent === false) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={t('account.mailFailedTitle')} role="alert" data-testid="manager-account-result">
        {t('account.mailFailed', { email: account.email })}
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconMailCheck aria-hidden />} role="status" data-testid="manager-account-result">
      {account.setupEmailSent ? t('account.mailSent', { email: account.email }) : t('account.created', { email: account.email })}
    </Alert>
  );
};
