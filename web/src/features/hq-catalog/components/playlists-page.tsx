import { Anchor, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { CATALOG_PAGE_SIZE, Q_MAX, usePlaylists } from '../api/catalog-api';
import { DefaultBadge, PlaylistStatusBadge } from './catalog-badges';
import '../hq-catalog.messages';

/** /hq/playlists: the HQ's playlists (newest first) with their derived status, read-only. */
export const PlaylistsPage = () => {
  const { t } = useTranslation('hq-catalog');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const playlists = usePlaylists({ q: qTooLong ? '' : debouncedQ, page });
  const items = playlists.data?.items ?? [];
  const total = playlists.data?.total ?? 0;
  return (
    <Stack maw={1080}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('playlists.title')}</Title>
        <Text c="dimmed">{t('playlists.intro')}</Text>
        <Text size="sm" c="dimmed">{t('readOnly')}</Text>
      </Stack>
      <TextInput
        label={t('search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        error={qTooLong ? t('searchTooLong') : undefined}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(0);
        }}
        maw={360}
      />
      <ErrorAlert error={playlists.error} />
      {playlists.isPending && <Loader aria-label={t('common:loading')} />}
      {playlists.isSuccess && total === 0 && <Text c="dimmed">{debouncedQ.trim() ? t('playlists.emptyFiltered') : t('playlists.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('playlists.table')}
          rows={items}
          rowKey={(p) => p.id}
          busy={playlists.isFetching}
          minWidth={760}
          columns={[
            {
              key: 'name',
              header: t('playlists.name'),
              cell: (p) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/hq/playlists/${p.id}`} fw={600}>{p.name}</Anchor>
                  {p.isDefault && <DefaultBadge />}
                </Group>
              ),
            },
            { key: 'status', header: t('playlists.status'), cell: (p) => <PlaylistStatusBadge status={p.status} /> },
            { key: 'libraries', header: t('playlists.libraryCount'), cell: (p) => p.libraryCount },
            { key: 'stores', header: t('playlists.appliedStoreCount'), cell: (p) => t('playlists.stores', { count: p.appliedStoreCount }) },
            { key: 'updatedAt', header: t('updatedAt'), cell: (p) => formatDateTime(p.updatedAt) },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={playlists.data?.size ?? CATALOG_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
    </Stack>
  );
};
