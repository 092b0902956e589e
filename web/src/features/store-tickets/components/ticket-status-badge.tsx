import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '../api/tickets-api';
import '../store-tickets.messages';

const COLOR: Record<TicketStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'yellow', RESOLVED: 'green', CLOSED: 'gray' };

export const TicketStatusBadge = ({ status }: { status: TicketStatus }) => {
  const { t } = useTranslation('store-tickets');
  return <Badge color={COLOR[status]} variant="light">{t(`status.${status}`)}</Badge>;
};
