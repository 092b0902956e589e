import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketPriority, TicketStatus } from '../api/support-api';
import '../hq-support.messages';

const STATUS_COLOR: Record<TicketStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'yellow', RESOLVED: 'green', CLOSED: 'gray' };
const PRIORITY_COLOR: Record<TicketPriority, string> = { URGENT: 'red', HIGH: 'orange', NORMAL: 'gray', LOW: 'gray' };

export const TicketStatusBadge = ({ status }: { status: TicketStatus }) => {
  const { t } = useTranslation('hq-support');
  return <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>{t(`status.${status}`)}</Badge>;
};

/** Read-only: the operators set the priority. */
export const TicketPriorityBadge = ({ priority }: { priority: TicketPriority }) => {
  const { t } = useTranslation('hq-support');
  return (
    <Badge color={PRIORITY_COLOR[priority]} variant={priority === 'URGENT' || priority === 'HIGH' ? 'filled' : 'outline'} title={t('priorityReadOnly')}>
      {t('priorityLabel')}: {t(`priority.${priority}`)}
    </Badge>
  );
};

export const NewBadge = () => {
  const { t } = useTranslation('hq-support');
  return <Badge size="xs" color="red" variant="filled" data-testid="new-badge">{t('isNew')}</Badge>;
};
