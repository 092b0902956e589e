import { Badge, Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useHqMe, useUpdateCommercialCycle, useUpdateHqDucking, type HqMe } from '../api/hq-settings-api';
import { CYCLE_MAX, CYCLE_MIN, DUCK_FADE_MAX_MS, DUCK_VOLUME_MAX, isCycle, isDuckFade, isDuckVolume } from '../ducking-rules';
import { DuckPreviewButton } from './duck-preview-button';
import '../hq-settings.messages';

const STATUS_COLOR: Record<HqMe['status'], string> = { ACTIVE: 'green', ONBOARDING: 'blue', UNPAID: 'orange', SUSPENDED: 'red' };

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" component="dt">{label}</Text>
    <Text size="sm" fw={500} component="dd" m={0}>{children}</Text>
  </Stack>
);

/** The HQ as the operator registered it (read-only). */
const ProfileCard = ({ me }: { me: HqMe }) => {
  const { t } = useTranslation('hq-settings');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-profile">
      <Stack>
        <Title order={2} size="h4" id="hq-profile">{t('profile.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="dl" m={0}>
          <Fact label={t('profile.name')}>{me.name}</Fact>
          <Fact label={t('profile.type')}>{t(`profile.types.${me.type}`)}</Fact>
          <Fact label={t('profile.plan')}>{t(`profile.plans.${me.plan ?? 'NONE'}`)}</Fact>
          <Fact label={t('profile.status')}><Badge component="span" color={STATUS_COLOR[me.status]} variant="light">{t(`profile.statuses.${me.status}`)}</Badge></Fact>
          <Fact label={t('profile.businessNumber')}>{me.businessNumber ?? t('profile.none')}</Fact>
          <Fact label={t('profile.billingAnchorDay')}>{me.billingAnchorDay ? t('profile.billingDay', { day: me.billingAnchorDay }) : t('profile.none')}</Fact>
          <Fact label={t('profile.storeCount')}>{t('profile.stores', { count: me.storeCount })}</Fact>
          <Fact label={t('profile.createdAt')}>{formatDateTime(me.createdAt)}</Fact>
        </SimpleGrid>
        <Text size="xs" c="dimmed">{t('profile.hint')}</Text>
      </Stack>
    </Paper>
  );
};

const CommercialCycleCard = ({ me }: { me: HqMe }) => {
  const { t } = useTranslation('hq-settings');
  const [songs, setSongs] = useState<number | string>(me.commercialCycleSongs);
  const [tried, setTried] = useState(false);
  const save = useUpdateCommercialCycle();
  const invalid = !isCycle(songs);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-cycle">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (invalid) return;
          void save.mutateAsync(Number(songs)).then(() => notifications.show({ color: 'green', message: t('cycle.saved') }), () => undefined);
        }}
      >
        <Stack>
          <Title order={2} size="h4" id="hq-cycle">{t('cycle.title')}</Title>
          <Text size="sm" c="dimmed">{t('cycle.hint')}</Text>
          <NumberInput
            label={t('cycle.songs')}
            description={t('cycle.range', { min: CYCLE_MIN, max: CYCLE_MAX })}
            min={CYCLE_MIN}
            max={CYCLE_MAX}
            allowDecimal={false}
            clampBehavior="none"
            value={songs}
            onChange={setSongs}
            error={tried && invalid ? t('cycle.rangeError', { min: CYCLE_MIN, max: CYCLE_MAX }) : undefined}
            maw={240}
          />
          <ErrorAlert error={save.error} />
          <Group><Button type="submit" loading={save.isPending} disabled={songs === me.commercialCycleSongs}>{t('common:save')}</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** The HQ's ducking defaults (a full replace of the three values) and the preview of how they sound. */
const DuckingCard = ({ me }: { me: HqMe }) => {
  const { t } = useTranslation('hq-settings');
  const [enabled, setEnabled] = useState(me.duckEnabled);
  const [volume, setVolume] = useState<number | string>(me.duckVolumePercent);
  const [fade, setFade] = useState<number | string>(me.duckFadeMs);
  const [tried, setTried] = useState(false);
  const save = useUpdateHqDucking();
  const volumeBad = !isDuckVolume(volume);
  const fadeBad = !isDuckFade(fade);
  const values = volumeBad || fadeBad ? null : { duckEnabled: enabled, duckVolumePercent: Number(volume), duckFadeMs: Number(fade) };
  const unchanged = values !== null && values.duckEnabled === me.duckEnabled && values.duckVolumePercent === me.duckVolumePercent && values.duckFadeMs === me.duckFadeMs;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-ducking">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!values) return;
          void save.mutateAsync(values).then(() => notifications.show({ color: 'green', message: t('ducking.saved') }), () => undefined);
        }}
      >
        <Stack>
          <Title order={2} size="h4" id="hq-ducking">{t('ducking.title')}</Title>
          <Text size="sm" c="dimmed">{t('ducking.hint')}</Text>
          <Switch label={t('ducking.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('ducking.volume')}
              description={t('ducking.volumeHint')}
              min={0}
              max={DUCK_VOLUME_MAX}
              allowDecimal={false}
            clampBehavior="none"
              suffix=" %"
              value={volume}
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
              value={fade}
              onChange={setFade}
              error={tried && fadeBad ? t('ducking.fadeRange', { max: DUCK_FADE_MAX_MS }) : undefined}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">{enabled ? t('ducking.previewHint') : t('ducking.previewHintOff')}</Text>
          <ErrorAlert error={save.error} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={unchanged}>{t('common:save')}</Button>
            <DuckPreviewButton values={values} />
          </Group>
          <Text size="xs" c="dimmed">{t('ducking.storesNote')}</Text>
        </Stack>
      </form>
    </Paper>
  );
};

/** /hq/settings: the HQ profile (read-only), the commercial song cycle and the ducking defaults. */
export const HqSettingsPage = () => {
  const { t } = useTranslation('hq-settings');
  const me = useHqMe();
  return (
    <Stack maw={1000}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {me.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={me.error} />
      {me.data && (
        <>
          <ProfileCard me={me.data} />
          <CommercialCycleCard key={`cycle-${me.data.commercialCycleSongs}`} me={me.data} />
          <DuckingCard key={`duck-${me.data.duckEnabled}-${me.data.duckVolumePercent}-${me.data.duckFadeMs}`} me={me.data} />
        </>
      )}
    </Stack>
  );
};
