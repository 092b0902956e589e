import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { effectivePlaylistOf, knowsEffectivePlaylist, type HqStoreDetail } from '../api/stores-api';
import '../hq-stores.messages';

/** What the store plays: its own playlist, else the HQ default (set by the operator), else nothing. */
export const StorePlaylistCard = ({ store }: { store: HqStoreDetail }) => {
  const { t } = useTranslation('hq-stores');
  const playlist = effectivePlaylistOf(store);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-playlist">
      <Stack gap="xs">
        <Title order={2} size="h4" id="store-playlist">{t('playlist.title')}</Title>
        {playlist ? (
          <Group gap="xs" data-testid="store-playlist">
            <Text fw={600}>{playlist.source === 'DEFAULT' ? t('playlist.default', { name: playlist.name }) : playlist.name}</Text>
            <Badge variant="light" color={playlist.source === 'DEFAULT' ? 'gray' : 'blue'}>{t(`playlist.source.${playlist.source}`)}</Badge>
          </Group>
        ) : (
          <Text c="dimmed" data-testid="store-playlist">{knowsEffectivePlaylist(store) ? t('playlist.none') : t('playlist.noneOwn')}</Text>
        )}
        <Text size="xs" c="dimmed">{t('playlist.hint')}</Text>
      </Stack>
    </Paper>
  );
};
