import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiClientStatus } from '../api/api-clients-api';
import '../api-clients.messages';

const COLOR: Record<ApiClientStatus, string> = { PENDING: 'yellow', APPROVED: 'green', REJECTED: 'gray' };

export const ApiClientStatusBadge = ({ status }: { status: ApiClientStatus }) => {
  const { t } = useTranslation('api-clients');
  return <Badge color={COLOR[status]} variant="light" data-testid="client-status" data-status={status}>{t(`status.${status}`)}</Badge>;
};
