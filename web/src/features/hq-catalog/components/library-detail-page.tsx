import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { MUSIC_PAGE_SIZE, useLibrary, useLibraryMusic } from '../api/catalog-api';
import { trackLength } from '../catalog-rules';
import { LibraryTypeBadge } from './catalog-badges';
import { Fact } from './fact';
import '../hq-catalog.messages';

/** A library's music, newest assignment first, paged. */
const LibraryMusic = ({ id }: { id: string }) => {
  const { t } = useTranslation('hq-catalog');
  const [page, setPage] = useState(0);
  const music = useLibraryMusic(id, page);
  const items = music.data?.items ?? [];
  const total = music.data?.total ?? 0;
  return (
    <Stack>
      <Title order={2} size="h4">{t('libraries.musicTitle')}</Title>
      <ErrorAlert error={music.error} />
      {music.isPending && <Loader size="sm" aria-label={t('common:loading')} />}
      {music.isSuccess && total === 0 && <Text c="dimmed">{t('libraries.noMusic')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('libraries.musicTable')}
          rows={items}
          rowKey={(m) => m.id}
          busy={music.isFetching}
          minWidth={520}
          columns={[
            { key: 'title', header: t('libraries.musicName'), strong: true, cell: (m) => m.title },
            { key: 'duration', header: t('libraries.duration'), cell: (m) => trackLength(m.durationSeconds) },
            { key: 'addedAt', header: t('libraries.addedAt'), cell: (m) => formatDateTime(m.createdAt) },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={music.data?.size ?? MUSIC_PAGE_SIZE} onPage={setPage} totalLabel={t('libraries.musicTotal', { count: total })} paginationLabel={t('libraries.musicPagination')} />
    </Stack>
  );
};

/** /hq/libraries/:id: a library's facts and its music. */
export const LibraryDetailPage = () => {
  const { t } = useTranslation('hq-catalog');
  const { id = '' } = useParams();
  const library = useLibrary(id);
  const data = library.data;
  return (
    <Stack maw={1080}>
      <Anchor component={Link} to="/hq/libraries" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('libraries.back')}</Group>
      </Anchor>
      {library.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={library.error} />
      {data && (
        <>
          <Group gap="sm">
            <Title order={1} size="h2">{data.name}</Title>
            <LibraryTypeBadge type={data.type} />
          </Group>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact label={t('libraries.trackCount')} value={t('libraries.tracks', { count: data.trackCount })} />
              <Fact label={t('libraries.playlistCount')} value={t('libraries.playlists', { count: data.playlistCount })} />
              <Fact label={t('createdAt')} value={formatDateTime(data.createdAt)} />
              <Fact label={t('updatedAt')} value={formatDateTime(data.updatedAt)} />
            </SimpleGrid>
          </Paper>
          <LibraryMusic id={data.id} />
        </>
      )}
    </Stack>
  );
};
