import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LibraryType, PlaylistStatus } from '../api/catalog-api';
import { PLAYLIST_STATUS_COLOR } from '../catalog-rules';
import '../hq-catalog.messages';

/** The derived status, with what it means in the tooltip (reachable by keyboard focus). */
export const PlaylistStatusBadge = ({ status }: { status: PlaylistStatus }) => {
  const { t } = useTranslation('hq-catalog');
  return (
    <Tooltip label={t(`statusHint.${status}`)} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge color={PLAYLIST_STATUS_COLOR[status]} variant="light" tabIndex={0} aria-description={t(`statusHint.${status}`)} data-status={status}>
        {t(`status.${status}`)}
      </Badge>
    </Tooltip>
  );
};

export const DefaultBadge = () => {
  const { t } = useTranslation('hq-catalog');
  return (
    <Tooltip label={t('isDefaultHint')} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge color="blue" variant="outline" tabIndex={0} aria-description={t('isDefaultHint')}>{t('isDefault')}</Badge>
    </Tooltip>
  );
};

export const LibraryTypeBadge = ({ type }: { type: LibraryType }) => {
  const { t } = useTranslation('hq-catalog');
  return <Badge color={type === 'TRUST' ? 'violet' : 'cyan'} variant="light">{t(`libraryType.${type}`)}</Badge>;
};
