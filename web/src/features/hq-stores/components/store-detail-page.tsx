import { Anchor, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useHqMe } from '../../hq-settings/api/hq-settings-api';
import { useStore } from '../api/stores-api';
import { CommercialCycleCard } from './commercial-cycle-card';
import { DuckingOverrideCard } from './ducking-override-card';
import { RegionCard } from './region-card';
import { StoreStatusBadge, StoreTypeBadge } from './store-badges';
import { StoreEditForm } from './store-edit-form';
import { StoreManagerCard } from './store-manager-card';
import { StorePlaylistCard } from './store-playlist-card';
import '../hq-stores.messages';

/** /hq/stores/:id: the store's values, its region, commercial cycle and ducking overrides, its manager and what it plays. */
export const StoreDetailPage = () => {
  const { t } = useTranslation('hq-stores');
  const { id = '' } = useParams();
  const store = useStore(id);
  const hq = useHqMe();
  const data = store.data;
  return (
    <Stack maw={1100}>
      <Anchor component={Link} to=".." relative="path" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('detail.back')}</Group>
      </Anchor>
      {store.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={store.error} />
      {data && (
        <>
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} size="h2">{data.name}</Title>
              <StoreStatusBadge status={data.status} />
              <StoreTypeBadge type={data.type} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('detail.createdAt', { time: formatDateTime(data.createdAt) })} · {t('detail.updatedAt', { time: formatDateTime(data.updatedAt) })}
              {data.closedAt ? ` · ${t('list.closedAt', { time: formatDateTime(data.closedAt) })}` : ''}
            </Text>
          </Stack>
          {/* The override cards are keyed by their stored values: once saved (or the HQ defaults changed) they start from them again; their notifications use mutateAsync, which outlives the remount. */}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack>
              <StoreEditForm key={`edit-${data.id}`} store={data} />
              <StoreManagerCard key={`manager-${data.id}`} store={data} />
            </Stack>
            <Stack>
              <StorePlaylistCard store={data} />
              <RegionCard key={`region-${data.region ?? ''}`} store={data} />
              <CommercialCycleCard key={`cycle-${data.commercialCycleSongs ?? ''}-${hq.data?.commercialCycleSongs ?? ''}`} store={data} hqSongs={hq.data?.commercialCycleSongs} />
              <DuckingOverrideCard key={`duck-${data.duckEnabled}-${data.duckVolumePercent}-${data.duckFadeMs}-${data.hqDuckEnabled}-${data.hqDuckVolumePercent}-${data.hqDuckFadeMs}`} store={data} />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
};
