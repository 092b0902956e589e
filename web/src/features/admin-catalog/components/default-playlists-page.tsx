import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HqSelect } from './catalog-parts';
import { HqDefaultPlaylistCard } from './hq-default-playlist-card';
import { StorePlaylistCard } from './store-playlist-card';
import '../admin-catalog.messages';

/** /admin/playlists/defaults?hq=… — an HQ's default playlist and its stores' own playlists. */
export const DefaultPlaylistsPage = () => {
  const { t } = useTranslation('admin-catalog');
  const [params, setParams] = useSearchParams();
  const hqId = params.get('hq');
  return (
    <Stack maw={1080}>
      <Anchor component={Link} to="/admin/playlists" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('playlists.back')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('defaults.title')}</Title>
        <Text c="dimmed">{t('defaults.intro')}</Text>
      </Stack>
      <Box maw={420}>
        <HqSelect value={hqId} onChange={(v) => setParams(v ? { hq: v } : {}, { replace: true })} miw={320} />
      </Box>
      {!hqId && <Text c="dimmed">{t('defaults.chooseHq')}</Text>}
      {hqId && (
        <>
          <HqDefaultPlaylistCard key={`default-${hqId}`} hqId={hqId} />
          <StorePlaylistCard key={`stores-${hqId}`} hqId={hqId} />
        </>
      )}
    </Stack>
  );
};
