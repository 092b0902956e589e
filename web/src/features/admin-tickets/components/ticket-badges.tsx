import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '../../tickets/ticket-limits';
import type { TicketPriority, TicketSource } from '../ticket-list-params';
import '../admin-tickets.messages';

const STATUS_COLOR: Record<TicketStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'yellow', RESOLVED: 'green', CLOSED: 'gray' };
const PRIORITY_COLOR: Record<TicketPriority, string> = { URGENT: 'red', HIGH: 'orange', NORMAL: 'gray', LOW: 'gray' };
/** Badges in narrow table cells keep their whole word (Mantine ellipsizes the label otherwise). */
const WHOLE = { label: { overflow: 'visible' } } as const;
const SOURCE_COLOR: Record<TicketSource, string> = { STORE: 'teal', HQ: 'blue', OPERATOR: 'violet' };

export const StatusBadge = ({ status }: { status: TicketStatus }) => {
  const { t } = useTranslation('admin-tickets');
  return <Badge color={STATUS_COLOR[status]} variant="light" styles={WHOLE} data-status={status}>{t(`status.${status}`)}</Badge>;
};

export const PriorityBadge = ({ priority }: { priority: TicketPriority }) => {
  const { t } = useTranslation('admin-tickets');
  return (
    <Badge color={PRIORITY_COLOR[priority]} variant={priority === 'URGENT' || priority === 'HIGH' ? 'filled' : 'outline'} styles={WHOLE} data-priority={priority}>
      {t(`priority.${priority}`)}
    </Badge>
  );
};

export const SourceBadge = ({ source }: { source: TicketSource }) => {
  const { t } = useTranslation('admin-tickets');
  return <Badge color={SOURCE_COLOR[source]} variant="dot" styles={WHOLE} data-source={source}>{t(`sourceKind.${source}`)}</Badge>;
};
