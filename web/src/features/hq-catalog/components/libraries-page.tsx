import { Anchor, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { CATALOG_PAGE_SIZE, LIBRARY_TYPES, Q_MAX, useLibraries, type LibraryType } from '../api/catalog-api';
import { LibraryTypeBadge } from './catalog-badges';
import '../hq-catalog.messages';

/** /hq/libraries: the shared music libraries by name, with name search and type, read-only. */
export const LibrariesPage = () => {
  const { t } = useTranslation('hq-catalog');
  const [q, setQ] = useState('');
  const [type, setType] = useState<LibraryType | null>(null);
  const [page, setPage] = useState(0);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const libraries = useLibraries({ q: qTooLong ? '' : debouncedQ, type, page });
  const items = libraries.data?.items ?? [];
  const total = libraries.data?.total ?? 0;
  const filtered = Boolean(debouncedQ.trim() || type);
  return (
    <Stack maw={1080}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('libraries.title')}</Title>
        <Text c="dimmed">{t('libraries.intro')}</Text>
        <Text size="sm" c="dimmed">{t('readOnly')}</Text>
      </Stack>
      <Group align="flex-start" grow maw={640}>
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('searchTooLong') : undefined}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
        />
        <Select
          label={t('libraries.type')}
          placeholder={t('libraries.allTypes')}
          clearable
          data={LIBRARY_TYPES.map((value) => ({ value, label: t(`libraryType.${value}`) }))}
          value={type}
          onChange={(v) => {
            setType(v as LibraryType | null);
            setPage(0);
          }}
        />
      </Group>
      <ErrorAlert error={libraries.error} />
      {libraries.isPending && <Loader aria-label={t('common:loading')} />}
      {libraries.isSuccess && total === 0 && <Text c="dimmed">{filtered ? t('libraries.emptyFiltered') : t('libraries.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('libraries.table')}
          rows={items}
          rowKey={(l) => l.id}
          busy={libraries.isFetching}
          minWidth={720}
          columns={[
            { key: 'name', header: t('libraries.name'), cell: (l) => <Anchor component={Link} to={`/hq/libraries/${l.id}`} fw={600}>{l.name}</Anchor> },
            { key: 'type', header: t('libraries.type'), cell: (l) => <LibraryTypeBadge type={l.type} /> },
            { key: 'tracks', header: t('libraries.trackCount'), cell: (l) => l.trackCount },
            { key: 'playlists', header: t('libraries.playlistCount'), cell: (l) => t('libraries.playlists', { count: l.playlistCount }) },
            { key: 'updatedAt', header: t('updatedAt'), cell: (l) => formatDateTime(l.updatedAt) },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={libraries.data?.size ?? CATALOG_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
    </Stack>
  );
};
