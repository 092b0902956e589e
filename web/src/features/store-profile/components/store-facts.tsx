import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreMe } from '../api/store-profile-api';
import '../store-profile.messages';

const Fact = ({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" component="dt">{label}</Text>
    <Text size="sm" fw={500} component="dd" m={0}>{children}</Text>
    {hint && <Text size="xs" c="dimmed">{hint}</Text>}
  </Stack>
);

/** The store as the HQ keeps it (read-only). */
export const StoreFacts = ({ store }: { store: StoreMe }) => {
  const { t } = useTranslation('store-profile');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-facts">
      <Stack>
        <Title order={2} size="h4" id="store-facts">{t('storeSection')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Fact label={t('name')}>{store.name}</Fact>
          <Fact label={t('address')}>{store.address || t('none')}</Fact>
          <Fact label={t('hq')}>{store.hqName}</Fact>
          <Fact label={t('status')}>{t(`statuses.${store.status}`)}</Fact>
          <Fact label={t('plan')}>{t(`plans.${store.plan ?? 'none'}`)}</Fact>
          <Fact label={t('devices')}>{t('devicesValue', { count: store.activeDeviceCount, max: store.deviceLimit })}</Fact>
        </SimpleGrid>
        <Text size="xs" c="dimmed">{t('nameAddressHint')}</Text>
      </Stack>
    </Paper>
  );
};

/** The effective commercial cycle and ducking values (store override else HQ value), set by the HQ. */
export const PlaybackSettings = ({ store }: { store: StoreMe }) => {
  const { t } = useTranslation('store-profile');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="playback-settings">
      <Stack>
        <Title order={2} size="h4" id="playback-settings">
          {t('playbackSection')} <Badge variant="light" color="gray" ml="xs">{t('setByHq')}</Badge>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Fact label={t('commercialCycle')} hint={t('commercialCycleHq', { count: store.hqCommercialCycleSongs })}>
            {t('commercialCycleValue', { count: store.commercialCycleSongs })}
          </Fact>
          <Fact label={t('ducking')}>{store.duckEnabled ? t('duckingOn') : t('duckingOff')}</Fact>
          {store.duckEnabled && <Fact label={t('duckVolume')}>{t('duckVolumeValue', { value: store.duckVolumePercent })}</Fact>}
          {store.duckEnabled && <Fact label={t('duckFade')}>{t('duckFadeValue', { value: store.duckFadeMs })}</Fact>}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
