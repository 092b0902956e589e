import { Alert, Button, Checkbox, Group, List, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { trackLength } from '../../hq-catalog/catalog-rules';
import {
  LIBRARY_TYPES,
  LibraryTypeMismatchError,
  MUSIC_PICKER_PAGE_SIZE,
  useAddLibraryMusic,
  useMusicSearch,
  type Library,
  type LibraryType,
  type MusicListItem,
} from '../api/admin-catalog-api';
import { ADD_MUSIC_MAX, namesOf, otherTypeTracks, Q_MAX } from '../catalog-admin-rules';
import { LibraryTypeBadge } from './catalog-parts';
import '../admin-catalog.messages';

/**
 * Searches the catalog (GET /api/v1/admin/music) and adds the selected tracks in one request.
 * The selection survives searching and paging; the server refuses the whole request when a track
 * is of another type (LIBRARY_TYPE_MISMATCH), and the dialog names those tracks.
 */
export const AddMusicDialog = ({ library, onClose }: { library: Library; onClose: () => void }) => {
  const { t } = useTranslation('admin-catalog');
  const add = useAddLibraryMusic(library.id);
  const [q, setQ] = useState('');
  const [source, setSource] = useState<LibraryType | 'ALL'>(library.type);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, MusicListItem>>(new Map());
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const music = useMusicSearch({ q: qTooLong ? '' : debouncedQ, musicSource: source === 'ALL' ? null : source, page }, !qTooLong);
  const items = music.data?.items ?? [];
  const total = music.data?.total ?? 0;
  const typeName = t(`libraryType.${library.type}`);
  const chosen = [...selected.values()];
  const otherType = otherTypeTracks(chosen, library.type);
  const tooMany = chosen.length > ADD_MUSIC_MAX;
  const mismatch = add.error instanceof LibraryTypeMismatchError ? add.error : null;
  const titleById = new Map(chosen.map((m) => [m.id, m.title]));

  const toggle = (m: MusicListItem, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(m.id, m);
    else next.delete(m.id);
    setSelected(next);
  };
  const pageAllSelected = items.length > 0 && items.every((m) => selected.has(m.id));

  return (
    <Modal opened onClose={onClose} title={t('picker.title', { name: library.name })} size="xl" centered>
      <Stack>
        <Text size="sm">{t('picker.intro', { type: typeName })}</Text>
        <Group align="flex-end">
          <TextInput
            label={t('picker.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={q}
            error={qTooLong ? t('searchTooLong') : undefined}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(0);
            }}
            miw={260}
            data-autofocus
          />
          <Select
            label={t('picker.source')}
            data={[{ value: 'ALL', label: t('picker.allSources') }, ...LIBRARY_TYPES.map((v) => ({ value: v, label: t(`libraryType.${v}`) }))]}
            value={source}
            onChange={(v) => {
              setSource((v ?? 'ALL') as LibraryType | 'ALL');
              setPage(0);
            }}
            allowDeselect={false}
            miw={160}
          />
        </Group>
        <ErrorAlert error={music.error} />
        {music.isPending && !qTooLong && <Loader aria-label={t('common:loading')} />}
        {music.isSuccess && total === 0 && <Text c="dimmed">{t('picker.empty')}</Text>}
        {items.length > 0 && (
          <DataTable
            label={t('picker.table')}
            rows={items}
            rowKey={(m) => m.id}
            busy={music.isFetching}
            minWidth={560}
            rowProps={(m) => ({ 'data-track': m.title })}
            columns={[
              {
                key: 'select',
                header: (
                  <Checkbox
                    aria-label={t('picker.selectPage')}
                    checked={pageAllSelected}
                    indeterminate={!pageAllSelected && items.some((m) => selected.has(m.id))}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      const next = new Map(selected);
                      for (const m of items) {
                        if (on) next.set(m.id, m);
                        else next.delete(m.id);
                      }
                      setSelected(next);
                    }}
                  />
                ),
                cell: (m) => <Checkbox aria-label={t('picker.selectLabel', { title: m.title })} checked={selected.has(m.id)} onChange={(e) => toggle(m, e.currentTarget.checked)} />,
              },
              { key: 'title', header: t('picker.musicName'), strong: true, cell: (m) => m.title },
              { key: 'type', header: t('picker.type'), cell: (m) => <LibraryTypeBadge type={m.musicSource} /> },
              { key: 'duration', header: t('picker.duration'), cell: (m) => trackLength(m.durationSeconds) },
            ]}
          />
        )}
        <TablePager total={total} page={page} pageSize={music.data?.size ?? MUSIC_PICKER_PAGE_SIZE} onPage={setPage} totalLabel={t('picker.total', { count: total })} paginationLabel={t('picker.pagination')} />

        <Stack gap="xs" role="status" aria-live="polite">
          <Group gap="sm">
            <Text fw={600} size="sm">{chosen.length > 0 ? t('picker.selected', { count: chosen.length }) : t('picker.noneSelected')}</Text>
            {chosen.length > 0 && <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Map())}>{t('picker.clearSelection')}</Button>}
          </Group>
          {tooMany && <Text c="red" size="sm">{t('picker.tooMany', { count: chosen.length })}</Text>}
          {otherType.length > 0 && !mismatch && (
            <Text c="orange.8" size="sm">{t('picker.otherType', { count: otherType.length, type: typeName, titles: otherType.map((m) => m.title).join(', ') })}</Text>
          )}
        </Stack>

        {mismatch && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('picker.mismatchTitle')} role="alert" data-testid="library-type-mismatch">
            <Stack gap="xs">
              <Text size="sm">{t('picker.mismatchBody', { type: typeName })}</Text>
              <List size="sm">
                {namesOf(mismatch.violatingMusicIds, titleById).map((name, i) => <List.Item key={`${mismatch.violatingMusicIds[i]}`}>{name}</List.Item>)}
              </List>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    const next = new Map(selected);
                    for (const id of mismatch.violatingMusicIds) next.delete(id);
                    setSelected(next);
                    add.reset();
                  }}
                >
                  {t('picker.deselectViolating')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {!mismatch && <ErrorAlert error={add.error} />}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>{t('cancel')}</Button>
          <Button
            disabled={chosen.length === 0 || tooMany}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                chosen.map((m) => m.id),
                {
                  onSuccess: (done) => {
                    notifications.show({
                      color: 'green',
                      message: done.addedCount > 0 ? t('picker.added', { added: done.addedCount, total: done.trackCount }) : t('picker.addedNone'),
                    });
                    onClose();
                  },
                },
              )
            }
          >
            {t('picker.submit', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
