import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLEET_STATES, STATE_COLOR, type FleetState } from '../fleet-rules';
import '../hq-fleet.messages';

/** One card per state with its store count; a card filters the table, clicking it again clears. */
export const StateCards = ({ counts, selected, onSelect }: {
  counts: Record<FleetState, number>;
  selected: FleetState | null;
  onSelect: (state: FleetState | null) => void;
}) => {
  const { t } = useTranslation('hq-fleet');
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} role="group" aria-label={t('cards')}>
      {FLEET_STATES.map((state) => {
        const pressed = selected === state;
        return (
          <UnstyledButton
            key={state}
            aria-pressed={pressed}
            aria-label={t('cardLabel', { state: t(`state.${state}`), count: counts[state] })}
            onClick={() => onSelect(pressed ? null : state)}
            data-testid={`state-card-${state}`}
          >
            <Paper
              withBorder
              p="md"
              radius="md"
              style={{ borderColor: pressed ? `var(--mantine-color-${STATE_COLOR[state]}-6)` : undefined, borderWidth: pressed ? 2 : undefined }}
            >
              <Text size="sm" c={STATE_COLOR[state]} fw={600}>{t(`state.${state}`)}</Text>
              <Text fz={32} fw={700} lh={1.2} data-testid={`state-count-${state}`}>{counts[state]}</Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
};
