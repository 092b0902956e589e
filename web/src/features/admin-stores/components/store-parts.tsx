import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoreProblem, StoreStatus, StoreType } from '../store-rules';
import '../admin-stores.messages';

const STATUS_COLOR: Record<StoreStatus, string> = { ACTIVE: 'green', INACTIVE: 'gray', SUSPENDED: 'red' };

/** The status, and "closed" beside it: closing keeps the status (spec 02 § Store status and closure). */
export const StoreStatusBadges = ({ status, closedAt }: { status: StoreStatus; closedAt: string | null }) => {
  const { t } = useTranslation('admin-stores');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>{t(`status.${status}`)}</Badge>
      {closedAt && <Badge color="dark" variant="filled" data-testid="store-closed">{t('closed')}</Badge>}
    </Group>
  );
};

export const StoreTypeBadge = ({ type }: { type: StoreType }) => {
  const { t } = useTranslation('admin-stores');
  return <Badge color={type === 'INDEPENDENT' ? 'grape' : type === 'DIRECT' ? 'indigo' : 'blue'} variant="outline">{t(`type.${type}`)}</Badge>;
};

/** A problem of a store rule in the person's words (the admin-stores `validation` texts). */
export const useSayStore = () => {
  const { t } = useTranslation('admin-stores');
  return (problem: StoreProblem | null | undefined): string | null => {
    if (!problem) return null;
    const { key, ...values } = problem;
    return t(`validation.${key}`, values);
  };
};
