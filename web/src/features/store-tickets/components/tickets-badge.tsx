import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadSignal } from '../api/tickets-api';
import { isNewer, useLastSeenReplyAt } from '../last-seen';
import '../store-tickets.messages';

/**
 * Beside "Support" in the navigation: a dot when an operator replied after this browser last
 * opened a ticket (the unread signal, polled every 60 s). Nothing otherwise.
 */
export const TicketsBadge = () => {
  const { t } = useTranslation('store-tickets');
  const signal = useUnreadSignal();
  const seen = useLastSeenReplyAt();
  if (!isNewer(signal.data?.latestOperatorReplyAt, seen)) return null;
  return (
    <Badge size="xs" circle color="red" variant="filled" data-testid="tickets-badge">
      <span aria-hidden>N</span>
      <VisuallyHidden>{t('newReply')}</VisuallyHidden>
    </Badge>
  );
};
