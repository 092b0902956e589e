import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATE_COLOR, type FleetState } from '../fleet-rules';
import '../hq-fleet.messages';

/** A store's or device's state as a colored badge; the tooltip says what the state means. */
export const PlaybackStateBadge = ({ state, size = 'md' }: { state: FleetState; size?: 'sm' | 'md' }) => {
  const { t } = useTranslation('hq-fleet');
  return (
    <Tooltip label={t(`stateHint.${state}`)} withArrow>
      <Badge color={STATE_COLOR[state]} variant={state === 'PLAYING' ? 'filled' : 'light'} size={size} data-state={state}>
        {t(`state.${state}`)}
      </Badge>
    </Tooltip>
  );
};
