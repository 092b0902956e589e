import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSupportSignal } from '../api/support-api';
import '../hq-support.messages';

/**
 * Beside "Support" in the navigation: how many store tickets are open or in progress (the HQ's
 * unread signal, polled every 60 s). Nothing when there are none.
 */
export const SupportBadge = () => {
  const { t } = useTranslation('hq-support');
  const signal = useSupportSignal();
  const count = signal.data?.openOrInProgressCount ?? 0;
  if (count <= 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="red" variant="filled" aria-label={t('badgeLabel', { count })} role="status" data-testid="support-badge">
      {count > 99 ? '99+' : count}
    </Badge>
  );
};
