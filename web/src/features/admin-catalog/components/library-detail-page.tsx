import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { trackLength } from '../../hq-catalog/catalog-rules';
import { CATALOG_PAGE_SIZE, useDeleteLibrary, useLibrary, useLibraryMusic, useRemoveLibraryMusic, useRenameLibrary } from '../api/admin-catalog-api';
import { AddMusicDialog } from './add-music-dialog';
import { LibraryTypeBadge } from './catalog-parts';
import { RenameDeleteActions } from './rename-delete-actions';
import '../admin-catalog.messages';

/** /admin/libraries/:id — the type, the tracks (newest added first), add in bulk, remove, rename, delete. */
export const LibraryDetailPage = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-catalog');
  const library = useLibrary(id);
  const [page, setPage] = useState(0);
  const music = useLibraryMusic(id, page);
  const remove = useRemoveLibraryMusic(id);
  const rename = useRenameLibrary(id);
  const del = useDeleteLibrary(id);
  const [adding, setAdding] = useState(false);
  const items = music.data?.items ?? [];
  const total = music.data?.total ?? 0;
  const lib = library.data;
  const notFound = library.error instanceof ApiError && library.error.code === 'LIBRARY_NOT_FOUND';

  return (
    <Stack maw={1080}>
      <Anchor component={Link} to="/admin/libraries" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('libraries.back')}</Group>
      </Anchor>
      {library.isPending && <Loader aria-label={t('common:loading')} />}
      {library.isError && (
        <>
          <Title order={1} size="h2">{t('libraries.title')}</Title>
          {notFound ? <Text>{t('libraries.notFound')}</Text> : <ErrorAlert error={library.error} />}
        </>
      )}
      {lib && (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} size="h2">{lib.name}</Title>
                <LibraryTypeBadge type={lib.type} />
              </Group>
              <Text c="dimmed" size="sm">
                {t('libraries.tracks', { count: lib.trackCount })} · {t('libraries.playlistCount')}: {t('libraries.playlists', { count: lib.playlistCount })} · {t('updatedAt')} {formatDateTime(lib.updatedAt)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>{t('libraries.addMusic')}</Button>
              <RenameDeleteActions
                name={lib.name}
                rename={rename}
                remove={del}
                deleteTitle={t('libraries.deleteTitle')}
                deleteBody={t('libraries.deleteBody', { name: lib.name, count: lib.playlistCount })}
                deletedMessage={t('libraries.deleted', { name: lib.name })}
                listPath="/admin/libraries"
              />
            </Group>
          </Group>
          <Title order={2} size="h4">{t('libraries.musicTitle')}</Title>
          <ErrorAlert error={music.error ?? remove.error} />
          {music.isPending && <Loader aria-label={t('common:loading')} />}
          {music.isSuccess && total === 0 && <Text c="dimmed">{t('libraries.noMusic')}</Text>}
          {items.length > 0 && (
            <DataTable
              label={t('libraries.musicTable')}
              rows={items}
              rowKey={(m) => m.id}
              busy={music.isFetching}
              minWidth={640}
              rowProps={(m) => ({ 'data-track': m.title })}
              columns={[
                { key: 'title', header: t('libraries.musicName'), strong: true, cell: (m) => m.title },
                { key: 'duration', header: t('libraries.duration'), cell: (m) => trackLength(m.durationSeconds) },
                { key: 'addedAt', header: t('libraries.addedAt'), cell: (m) => formatDateTime(m.createdAt) },
                {
                  key: 'actions',
                  header: t('libraries.actions'),
                  cell: (m) => (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('libraries.removeLabel', { title: m.title })}
                      loading={remove.isPending && remove.variables === m.id}
                      onClick={() => remove.mutate(m.id, { onSuccess: () => notifications.show({ color: 'green', message: t('libraries.removed', { title: m.title }) }) })}
                    >
                      {t('libraries.remove')}
                    </Button>
                  ),
                },
              ]}
            />
          )}
          <TablePager
            total={total}
            page={page}
            pageSize={music.data?.size ?? CATALOG_PAGE_SIZE}
            onPage={setPage}
            totalLabel={t('libraries.musicTotal', { count: total })}
            paginationLabel={t('libraries.musicPagination')}
          />
          {adding && <AddMusicDialog library={lib} onClose={() => setAdding(false)} />}
        </>
      )}
    </Stack>
  );
};
