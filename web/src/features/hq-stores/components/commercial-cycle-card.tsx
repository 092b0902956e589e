import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { CYCLE_MAX, CYCLE_MIN, isCycle } from '../../hq-settings/ducking-rules';
import { useSetCommercialCycle, type HqStoreDetail } from '../api/stores-api';
import { commercialCycleBodyOf } from '../store-overrides';
import '../hq-stores.messages';

/** How many songs between commercial songs in this store: the HQ value, or the store's own 1..100. */
export const CommercialCycleCard = ({ store, hqSongs }: { store: HqStoreDetail; hqSongs: number | undefined }) => {
  const { t } = useTranslation('hq-stores');
  const [inherit, setInherit] = useState(store.commercialCycleSongs === null);
  const [songs, setSongs] = useState<number | string>(store.commercialCycleSongs ?? hqSongs ?? 5);
  const [tried, setTried] = useState(false);
  const save = useSetCommercialCycle(store.id);
  const invalid = !inherit && !isCycle(songs);
  const changed = inherit ? store.commercialCycleSongs !== null : songs !== store.commercialCycleSongs;
  const hqLabel = hqSongs === undefined ? t('cycle.useHqUnknown') : t('cycle.useHq', { count: hqSongs });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-cycle">
      <Stack>
        <Title order={2} size="h4" id="store-cycle">{t('cycle.title')}</Title>
        <Text size="sm" c="dimmed">{t('cycle.hint')}</Text>
        <Switch label={hqLabel} checked={inherit} onChange={(e) => setInherit(e.currentTarget.checked)} />
        <NumberInput
          label={t('cycle.songs')}
          min={CYCLE_MIN}
          max={CYCLE_MAX}
          allowDecimal={false}
          clampBehavior="none"
          disabled={inherit}
          value={inherit ? (hqSongs ?? '') : songs}
          onChange={setSongs}
          error={tried && invalid ? t('cycle.range', { min: CYCLE_MIN, max: CYCLE_MAX }) : undefined}
        />
        <ErrorAlert error={save.error} />
        <Group>
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={() => {
              setTried(true);
              if (invalid) return;
              const body = commercialCycleBodyOf({ inherit, songs: Number(songs) });
              void save.mutateAsync(body.commercialCycleSongs).then(() => notifications.show({ color: 'green', message: t('cycle.saved') }), () => undefined);
            }}
          >
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
