import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { DuckPreviewButton } from '../../hq-settings/components/duck-preview-button';
import { DUCK_FADE_MAX_MS, DUCK_VOLUME_MAX, isDuckFade, isDuckVolume } from '../../hq-settings/ducking-rules';
import { useSetDucking, type HqStoreDetail } from '../api/stores-api';
import { storeDuckingBodyOf, storeDuckingFormOf } from '../store-overrides';
import '../hq-stores.messages';

/**
 * The store's ducking: the HQ defaults (shown for reference), or the store's own three values.
 * A full replace: all three keys always, all null to inherit.
 */
export const DuckingOverrideCard = ({ store }: { store: HqStoreDetail }) => {
  const { t } = useTranslation('hq-stores');
  const initial = storeDuckingFormOf(store);
  const [inherit, setInherit] = useState(initial.inherit);
  const [enabled, setEnabled] = useState(initial.duckEnabled);
  const [volume, setVolume] = useState<number | string>(initial.duckVolumePercent);
  const [fade, setFade] = useState<number | string>(initial.duckFadeMs);
  const [tried, setTried] = useState(false);
  const save = useSetDucking(store.id);
  const volumeBad = !inherit && enabled && !isDuckVolume(volume);
  const fadeBad = !inherit && enabled && !isDuckFade(fade);
  const onOff = (v: boolean) => (v ? t('ducking.on') : t('ducking.off'));
  const hqText = t('ducking.hqDefaults', { enabled: onOff(store.hqDuckEnabled), volume: store.hqDuckVolumePercent, fade: store.hqDuckFadeMs });
  const effective = inherit
    ? { duckEnabled: store.hqDuckEnabled, duckVolumePercent: store.hqDuckVolumePercent, duckFadeMs: store.hqDuckFadeMs }
    : volumeBad || fadeBad ? null : { duckEnabled: enabled, duckVolumePercent: Number(volume), duckFadeMs: Number(fade) };

  const submit = () => {
    setTried(true);
    if (volumeBad || fadeBad) return;
    // A disabled override keeps valid numbers (the HQ's) so the request is whole.
    const body = storeDuckingBodyOf({
      inherit,
      duckEnabled: enabled,
      duckVolumePercent: isDuckVolume(volume) ? volume : store.hqDuckVolumePercent,
      duckFadeMs: isDuckFade(fade) ? fade : store.hqDuckFadeMs,
    });
    void save.mutateAsync(body).then(() => notifications.show({ color: 'green', message: inherit ? t('ducking.savedInherit') : t('ducking.saved') }), () => undefined);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-ducking">
      <Stack>
        <Title order={2} size="h4" id="store-ducking">{t('ducking.title')}</Title>
        <Text size="sm" c="dimmed">{t('ducking.hint')}</Text>
        <Text size="sm" data-testid="hq-ducking-defaults">{hqText}</Text>
        <Switch label={t('ducking.inherit')} checked={inherit} onChange={(e) => setInherit(e.currentTarget.checked)} />
        <Switch label={t('ducking.enabled')} checked={inherit ? store.hqDuckEnabled : enabled} disabled={inherit} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('ducking.volume')}
            description={t('ducking.volumeHint')}
            min={0}
            max={DUCK_VOLUME_MAX}
            allowDecimal={false}
            clampBehavior="none"
            suffix=" %"
            disabled={inherit || !enabled}
            value={inherit ? store.hqDuckVolumePercent : volume}
            onChange={setVolume}
            error={tried && volumeBad ? t('ducking.volumeRange', { max: DUCK_VOLUME_MAX }) : undefined}
          />
          <NumberInput
            label={t('ducking.fade')}
            description={t('ducking.fadeHint')}
            min={0}
            max={DUCK_FADE_MAX_MS}
            step={100}
            allowDecimal={false}
            clampBehavior="none"
            suffix=" ms"
            disabled={inherit || !enabled}
            value={inherit ? store.hqDuckFadeMs : fade}
            onChange={setFade}
            error={tried && fadeBad ? t('ducking.fadeRange', { max: DUCK_FADE_MAX_MS }) : undefined}
          />
        </SimpleGrid>
        <ErrorAlert error={save.error} />
        <Group>
          <Button loading={save.isPending} onClick={submit}>{t('common:save')}</Button>
          <DuckPreviewButton values={effective} />
        </Group>
      </Stack>
    </Paper>
  );
};
