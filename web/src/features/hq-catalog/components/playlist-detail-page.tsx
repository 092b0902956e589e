import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { usePlaylist } from '../api/catalog-api';
import { byPosition } from '../catalog-rules';
import { DefaultBadge, LibraryTypeBadge, PlaylistStatusBadge } from './catalog-badges';
import { Fact } from './fact';
import '../hq-catalog.messages';

/** /hq/playlists/:id: a playlist's facts and its libraries in play order. */
export const PlaylistDetailPage = () => {
  const { t } = useTranslation('hq-catalog');
  const { id = '' } = useParams();
  const playlist = usePlaylist(id);
  const data = playlist.data;
  return (
    <Stack maw={1080}>
      <Anchor component={Link} to="/hq/playlists" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('playlists.back')}</Group>
      </Anchor>
      {playlist.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={playlist.error} />
      {data && (
        <>
          <Group gap="sm">
            <Title order={1} size="h2">{data.name}</Title>
            <PlaylistStatusBadge status={data.status} />
            {data.isDefault && <DefaultBadge />}
          </Group>
          <Text size="sm" c="dimmed">{t(`statusHint.${data.status}`)}</Text>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact label={t('playlists.libraryCount')} value={data.libraryCount} />
              <Fact label={t('playlists.appliedStoreCount')} value={t('playlists.stores', { count: data.appliedStoreCount })} />
              <Fact label={t('createdAt')} value={formatDateTime(data.createdAt)} />
              <Fact label={t('updatedAt')} value={formatDateTime(data.updatedAt)} />
            </SimpleGrid>
          </Paper>
          <Title order={2} size="h4">{t('playlists.librariesTitle')}</Title>
          {data.libraries.length === 0 ? (
            <Text c="dimmed">{t('playlists.noLibraries')}</Text>
          ) : (
            <DataTable
              label={t('playlists.librariesTable')}
              rows={byPosition(data.libraries)}
              rowKey={(l) => l.libraryId}
              minWidth={560}
              columns={[
                { key: 'position', header: t('playlists.position'), cell: (l) => l.position + 1 },
                { key: 'name', header: t('libraries.name'), cell: (l) => <Anchor component={Link} to={`/hq/libraries/${l.libraryId}`} fw={600}>{l.name}</Anchor> },
                { key: 'type', header: t('playlists.type'), cell: (l) => <LibraryTypeBadge type={l.libraryType} /> },
                { key: 'music', header: t('playlists.musicCount'), cell: (l) => l.musicCount },
              ]}
            />
          )}
        </>
      )}
    </Stack>
  );
};
