import { Anchor, Button, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { formatDuration } from '../../commercials/mp3-rules';
import { useMusicList } from '../api/music-api';
import { filtersFromSearch, MUSIC_PAGE_SIZE, MUSIC_Q_MAX, searchFromFilters, type MusicFilters } from '../music-filters';
import { MUSIC_SOURCES, type MusicSource } from '../upload-rules';
import { MusicSourceBadge } from './music-source-badge';
import { TrackListenButton } from './track-listen-button';
import '../admin-music.messages';

/** /admin/music — the active catalog, newest first, searched by title and source, 20 a page, each row playable. */
export const MusicListPage = () => {
  const { t } = useTranslation('admin-music');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [q, setQ] = useState(filters.q);
  const list = useMusicList(filters);
  const apply = (next: MusicFilters) => setSearch(searchFromFilters(next));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.length > MUSIC_Q_MAX) return;
    apply({ ...filters, q, page: 0 });
  };
  const filtered = Boolean(filters.q || filters.musicSource);
  const items = list.data?.items ?? [];

  return (
    <Stack maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button component={Link} to="/admin/music/upload" leftSection={<IconUpload size={16} aria-hidden />}>{t('upload')}</Button>
      </Group>
      <Card withBorder component="form" role="search" aria-label={t('filters')} onSubmit={submit} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('q')}
            placeholder={t('qPlaceholder')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            error={q.length > MUSIC_Q_MAX ? t('qTooLong') : undefined}
            leftSection={<IconSearch size={16} aria-hidden />}
            w={320}
          />
          <Select
            label={t('source')}
            data={[{ value: '', label: t('allSources') }, ...MUSIC_SOURCES.map((s) => ({ value: s, label: `${t(`sources.${s}`)} · ${t(`sourceHelp.${s}`)}` }))]}
            value={filters.musicSource ?? ''}
            onChange={(v) => apply({ ...filters, q, musicSource: (v || null) as MusicSource | null, page: 0 })}
            allowDeselect={false}
            w={220}
          />
          <Group gap="xs" mt={25}>
            <Button type="submit" variant="default">{t('search')}</Button>
            {filtered && (
              <Button variant="subtle" onClick={() => { setQ(''); apply({ q: '', musicSource: null, page: 0 }); }}>{t('clearFilters')}</Button>
            )}
          </Group>
        </Group>
      </Card>
      <ErrorAlert error={list.error} />
      {list.isPending && <Loader aria-label={t('common:loading')} />}
      {list.isSuccess && items.length === 0 && <Text c="dimmed" data-testid="music-empty">{filtered ? t('noMatch') : t('empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('table')}
          rows={items}
          rowKey={(m) => m.id}
          minWidth={760}
          busy={list.isFetching}
          rowProps={(m) => ({ 'data-music-id': m.id, 'data-title': m.title })}
          columns={[
            { key: 'title', header: t('columns.title'), cell: (m) => <Anchor component={Link} to={`/admin/music/${m.id}`} fw={600}>{m.title}</Anchor> },
            { key: 'source', header: t('columns.source'), cell: (m) => <MusicSourceBadge source={m.musicSource} /> },
            { key: 'duration', header: t('columns.duration'), cell: (m) => formatDuration(m.durationSeconds) },
            { key: 'createdAt', header: t('columns.createdAt'), cell: (m) => formatDateTime(m.createdAt) },
            { key: 'listen', header: t('columns.listen'), cell: (m) => <TrackListenButton musicId={m.id} title={m.title} /> },
          ]}
        />
      )}
      {list.data && (
        <TablePager
          total={list.data.total}
          page={filters.page}
          pageSize={MUSIC_PAGE_SIZE}
          onPage={(page) => apply({ ...filters, page })}
          totalLabel={t('total', { total: list.data.total })}
          paginationLabel={t('pages')}
        />
      )}
    </Stack>
  );
};
