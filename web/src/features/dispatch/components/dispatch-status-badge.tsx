import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DispatchStatus, MissedReason } from '../api/dispatch-api';
import '../dispatch.messages';

const COLOR: Record<DispatchStatus, string> = { SCHEDULED: 'grape', PENDING: 'yellow', PLAYED: 'green', MISSED: 'red', CANCELED: 'gray' };

/** A dispatch row's status; MISSED says why (skipped, failed three times, expired). */
export const DispatchStatusBadge = ({ status, missedReason }: { status: DispatchStatus; missedReason?: MissedReason | null }) => {
  const { t } = useTranslation('dispatch');
  const label = status === 'MISSED' && missedReason ? `${t(`status.${status}`)} · ${t(`missedReason.${missedReason}`)}` : t(`status.${status}`);
  const badge = <Badge color={COLOR[status]} variant="light" data-status={status} style={{ minWidth: "max-content" }}>{label}</Badge>;
  return status === 'MISSED' && missedReason ? <Tooltip label={t(`missedReasonHint.${missedReason}`)}>{badge}</Tooltip> : badge;
};
