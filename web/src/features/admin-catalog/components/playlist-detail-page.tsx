import { ActionIcon, Anchor, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useDeletePlaylist, useLibraries, usePlaylist, useRenamePlaylist, useSetPlaylistLibraries, type PlaylistDetail } from '../api/admin-catalog-api';
import { appendUnique, byPosition, moveBy, PLAYLIST_LIBRARIES_MAX, Q_MAX, withoutAt } from '../catalog-admin-rules';
import { DefaultBadge, LibraryTypeBadge, PlaylistStatusBadge, useHqNames } from './catalog-parts';
import { RenameDeleteActions } from './rename-delete-actions';
import { HqDefaultPlaylistCard } from './hq-default-playlist-card';
import '../admin-catalog.messages';

/** /admin/playlists/:id — the libraries in play order: add, remove, move up and down (one PUT each). */
export const PlaylistDetailPage = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-catalog');
  const playlist = usePlaylist(id);
  const rename = useRenamePlaylist(id);
  const del = useDeletePlaylist(id);
  const hqNames = useHqNames();
  const p = playlist.data;
  const notFound = playlist.error instanceof ApiError && playlist.error.code === 'PLAYLIST_NOT_FOUND';

  return (
    <Stack maw={1080}>
      <Anchor component={Link} to="/admin/playlists" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('playlists.back')}</Group>
      </Anchor>
      {playlist.isPending && <Loader aria-label={t('common:loading')} />}
      {playlist.isError && (
        <>
          <Title order={1} size="h2">{t('playlists.title')}</Title>
          {notFound ? <Text>{t('playlists.notFound')}</Text> : <ErrorAlert error={playlist.error} />}
        </>
      )}
      {p && (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} size="h2">{p.name}</Title>
                <PlaylistStatusBadge status={p.status} />
                {p.isDefault && <DefaultBadge />}
              </Group>
              <Text c="dimmed" size="sm">
                {t('playlists.ofHq', { hq: hqNames.get(p.hqId) ?? p.hqId })} · {t('playlists.appliedStoreCount')}: {t('playlists.stores', { count: p.appliedStoreCount })} · {t('updatedAt')} {formatDateTime(p.updatedAt)}
              </Text>
            </Stack>
            <Group gap="xs">
              <RenameDeleteActions
                name={p.name}
                rename={rename}
                remove={del}
                deleteTitle={t('playlists.deleteTitle')}
                deleteBody={t('playlists.deleteBody', { name: p.name })}
                deletedMessage={t('playlists.deleted', { name: p.name })}
                listPath="/admin/playlists"
              />
            </Group>
          </Group>
          <OrderedLibraries playlist={p} />
          <HqDefaultPlaylistCard hqId={p.hqId} />
        </>
      )}
    </Stack>
  );
};

/** The libraries table and the add picker; every change sends the whole new order. */
const OrderedLibraries = ({ playlist }: { playlist: PlaylistDetail }) => {
  const { t } = useTranslation('admin-catalog');
  const save = useSetPlaylistLibraries(playlist.id);
  const libraries = byPosition(playlist.libraries);
  const ids = libraries.map((l) => l.libraryId);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const options = useLibraries({ q: debounced.length > Q_MAX ? '' : debounced, type: null, page: 0 });
  const full = ids.length >= PLAYLIST_LIBRARIES_MAX;
  const send = (next: string[]) => save.mutate(next, { onSuccess: () => notifications.show({ color: 'green', message: t('playlists.saved') }) });

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">{t('playlists.librariesTitle')}</Title>
      <ErrorAlert error={save.error} />
      {libraries.length === 0 && <Text c="dimmed">{t('playlists.noLibraries')}</Text>}
      {libraries.length > 0 && (
        <DataTable
          label={t('playlists.librariesTable')}
          rows={libraries}
          rowKey={(l) => l.libraryId}
          busy={save.isPending}
          minWidth={720}
          rowProps={(l) => ({ 'data-library': l.name, 'data-position': String(l.position) })}
          columns={[
            { key: 'position', header: t('playlists.position'), cell: (l) => l.position + 1 },
            { key: 'name', header: t('libraries.name'), cell: (l) => <Anchor component={Link} to={`/admin/libraries/${l.libraryId}`} fw={600}>{l.name}</Anchor> },
            { key: 'type', header: t('playlists.type'), cell: (l) => <LibraryTypeBadge type={l.libraryType} /> },
            { key: 'music', header: t('playlists.musicCount'), cell: (l) => t('libraries.tracks', { count: l.musicCount }) },
            {
              key: 'actions',
              header: t('playlists.actions'),
              cell: (l) => {
                const index = ids.indexOf(l.libraryId);
                return (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="default" aria-label={t('playlists.moveUpLabel', { name: l.name })} disabled={index === 0 || save.isPending} onClick={() => send(moveBy(ids, index, -1))}>
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={t('playlists.moveDownLabel', { name: l.name })}
                      disabled={index === ids.length - 1 || save.isPending}
                      onClick={() => send(moveBy(ids, index, 1))}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('playlists.removeLabel', { name: l.name })} disabled={save.isPending} onClick={() => send(withoutAt(ids, index))}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              },
            },
          ]}
        />
      )}
      <Group align="flex-end">
        <Select
          label={t('playlists.addLibrary')}
          placeholder={t('playlists.addLibraryPlaceholder')}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          value={picked}
          onChange={setPicked}
          data={(options.data?.items ?? [])
            .filter((l) => !ids.includes(l.id))
            .map((l) => ({ value: l.id, label: `${l.name} · ${t(`libraryType.${l.type}`)} · ${t('libraries.tracks', { count: l.trackCount })}` }))}
          nothingFoundMessage={t('playlists.noLibraryFound')}
          disabled={full}
          miw={360}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!picked || full}
          loading={save.isPending}
          onClick={() => {
            if (!picked) return;
            save.mutate(appendUnique(ids, [picked]), {
              onSuccess: () => {
                setPicked(null);
                setSearch('');
                notifications.show({ color: 'green', message: t('playlists.saved') });
              },
            });
          }}
        >
          {t('playlists.addLibraryButton')}
        </Button>
      </Group>
      {full && <Text size="sm" c="dimmed">{t('playlists.full')}</Text>}
    </Stack>
  );
};
