import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoreStatus, StoreType } from '../api/stores-api';
import '../hq-stores.messages';

const STATUS_COLOR: Record<StoreStatus, string> = { ACTIVE: 'green', SUSPENDED: 'red', INACTIVE: 'gray' };
/** A badge keeps its whole word: table cells would otherwise shrink it to an ellipsis. */
const WHOLE = { minWidth: 'max-content' } as const;
const TYPE_COLOR: Record<StoreType, string> = { FRANCHISE: 'blue', DIRECT: 'grape', INDEPENDENT: 'teal' };

export const StoreStatusBadge = ({ status }: { status: StoreStatus }) => {
  const { t } = useTranslation('hq-stores');
  return <Badge color={STATUS_COLOR[status]} variant="light" style={WHOLE}>{t(`status.${status}`)}</Badge>;
};

export const StoreTypeBadge = ({ type }: { type: StoreType }) => {
  const { t } = useTranslation('hq-stores');
  return <Badge color={TYPE_COLOR[type]} variant="outline" style={WHOLE}>{t(`type.${type}`)}</Badge>;
};

/** The list's marker of a store whose owner cannot sign in (no manager account yet). */
export const NoManagerBadge = () => {
  const { t } = useTranslation('hq-stores');
  return <Badge color="orange" variant="light" style={WHOLE} data-testid="no-manager-account">{t('list.noManagerAccount')}</Badge>;
};
