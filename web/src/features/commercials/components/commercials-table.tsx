import { ActionIcon, Group, Loader, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListenButton } from '../../../components/ui/listen-button';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { COMMERCIALS_PAGE_SIZE, useCommercials, useDeleteCommercial, usePatchCommercial, type Commercial } from '../api/commercials-api';
import { formatDuration } from '../mp3-rules';
import { RenameCommercialModal, ReplaceCommercialModal } from './commercial-dialogs';
import '../commercials.messages';

/** The HQ's commercial songs (newest first): listen, switch on and off, rename, replace, delete. */
export const CommercialsTable = () => {
  const { t } = useTranslation('commercials');
  const [page, setPage] = useState(0);
  const songs = useCommercials(page);
  const patch = usePatchCommercial();
  const remove = useDeleteCommercial();
  const [renaming, setRenaming] = useState<Commercial | null>(null);
  const [replacing, setReplacing] = useState<Commercial | null>(null);
  const [deleting, setDeleting] = useState<Commercial | null>(null);
  const items = songs.data?.items ?? [];
  const total = songs.data?.total ?? 0;

  const toggle = (song: Commercial, isActive: boolean) =>
    patch.mutate(
      { id: song.id, patch: { isActive } },
      { onSuccess: (saved) => notifications.show({ color: 'green', message: t(saved.isActive ? 'activated' : 'deactivated', { title: saved.title }) }) },
    );

  return (
    <Stack component="section" aria-labelledby="commercial-list">
      <Title order={2} size="h4" id="commercial-list">{t('listTitle')}</Title>
      <ErrorAlert error={songs.error} />
      <ErrorAlert error={patch.error} />
      {songs.isPending && <Loader aria-label={t('common:loading')} />}
      {songs.isSuccess && total === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('table')}
          rows={items}
          rowKey={(song) => song.id}
          minWidth={860}
          busy={songs.isFetching}
          columns={[
            { key: 'title', header: t('colTitle'), cell: (song) => song.title, strong: true },
            { key: 'duration', header: t('colDuration'), cell: (song) => formatDuration(song.durationSeconds) },
            {
              key: 'active',
              header: t('colActive'),
              cell: (song) => (
                <Switch
                  checked={song.isActive}
                  aria-label={t('activeLabel', { title: song.title })}
                  disabled={patch.isPending && patch.variables?.id === song.id}
                  onChange={(e) => toggle(song, e.currentTarget.checked)}
                />
              ),
            },
            { key: 'created', header: t('colCreated'), cell: (song) => formatDateTime(song.createdAt) },
            { key: 'updated', header: t('colUpdated'), cell: (song) => formatDateTime(song.updatedAt) },
            {
              key: 'actions',
              header: t('colActions'),
              cell: (song) => (
                <Group gap="xs" wrap="nowrap">
                  <ListenButton src={song.audioUrl} label={t('listen')} aria-label={t('listenLabel', { title: song.title })} />
                  <Tooltip label={t('rename')}>
                    <ActionIcon variant="subtle" aria-label={t('renameLabel', { title: song.title })} onClick={() => setRenaming(song)}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('replace')}>
                    <ActionIcon variant="subtle" aria-label={t('replaceLabel', { title: song.title })} onClick={() => setReplacing(song)}>
                      <IconFileUpload size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common:delete')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('deleteLabel', { title: song.title })} onClick={() => { remove.reset(); setDeleting(song); }}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={songs.data?.size ?? COMMERCIALS_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      <RenameCommercialModal song={renaming} onClose={() => setRenaming(null)} />
      <ReplaceCommercialModal song={replacing} onClose={() => setReplacing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('common:delete')}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('deleted') });
              setDeleting(null);
              // The last song of a later page: go back one, the page would be empty.
              if (items.length === 1 && page > 0) setPage(page - 1);
            },
          })
        }
      >
        {deleting ? t('deleteBody', { title: deleting.title }) : ''}
      </ConfirmDialog>
    </Stack>
  );
};
