import { Anchor, Button, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { CATALOG_PAGE_SIZE, useCreatePlaylist, usePlaylists } from '../api/admin-catalog-api';
import { NAME_MAX, nameProblem, Q_MAX } from '../catalog-admin-rules';
import { DefaultBadge, HqSelect, PlaylistStatusBadge, useHqNames } from './catalog-parts';
import '../admin-catalog.messages';

/** /admin/playlists: live playlists of every HQ or one, newest first, with their derived status. */
export const PlaylistsPage = () => {
  const { t } = useTranslation('admin-catalog');
  const [q, setQ] = useState('');
  const [hqId, setHqId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const playlists = usePlaylists({ q: qTooLong ? '' : debouncedQ, hqId, page });
  const hqNames = useHqNames();
  const items = playlists.data?.items ?? [];
  const total = playlists.data?.total ?? 0;
  return (
    <Stack maw={1180}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('playlists.title')}</Title>
          <Text c="dimmed">{t('playlists.intro')}</Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/admin/playlists/defaults" leftSection={<IconStar size={16} aria-hidden />}>{t('playlists.defaults')}</Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>{t('playlists.create')}</Button>
        </Group>
      </Group>
      <Group align="flex-end">
        <HqSelect
          value={hqId}
          placeholder={t('allHqs')}
          onChange={(v) => {
            setHqId(v);
            setPage(0);
          }}
        />
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('searchTooLong') : undefined}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
          miw={260}
        />
      </Group>
      <ErrorAlert error={playlists.error} />
      {playlists.isPending && <Loader aria-label={t('common:loading')} />}
      {playlists.isSuccess && total === 0 && <Text c="dimmed">{debouncedQ.trim() || hqId ? t('playlists.emptyFiltered') : t('playlists.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('playlists.table')}
          rows={items}
          rowKey={(p) => p.id}
          busy={playlists.isFetching}
          minWidth={900}
          rowProps={(p) => ({ 'data-playlist': p.name, 'data-status': p.status })}
          columns={[
            {
              key: 'name',
              header: t('playlists.name'),
              cell: (p) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/admin/playlists/${p.id}`} fw={600}>{p.name}</Anchor>
                  {p.isDefault && <DefaultBadge />}
                </Group>
              ),
            },
            { key: 'hq', header: t('hq'), cell: (p) => hqNames.get(p.hqId) ?? '—' },
            { key: 'status', header: t('playlists.status'), cell: (p) => <PlaylistStatusBadge status={p.status} /> },
            { key: 'libraries', header: t('playlists.libraryCount'), cell: (p) => p.libraryCount },
            { key: 'stores', header: t('playlists.appliedStoreCount'), cell: (p) => t('playlists.stores', { count: p.appliedStoreCount }) },
            { key: 'updatedAt', header: t('updatedAt'), cell: (p) => formatDateTime(p.updatedAt) },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={playlists.data?.size ?? CATALOG_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      {creating && <CreatePlaylistDialog initialHqId={hqId} onClose={() => setCreating(false)} />}
    </Stack>
  );
};

/** An (empty) playlist of one HQ; it opens at once so that libraries can be added. */
const CreatePlaylistDialog = ({ initialHqId, onClose }: { initialHqId: string | null; onClose: () => void }) => {
  const { t } = useTranslation('admin-catalog');
  const navigate = useNavigate();
  const create = useCreatePlaylist();
  const [hqId, setHqId] = useState<string | null>(initialHqId);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name);
  return (
    <Modal opened onClose={onClose} title={t('playlists.createTitle')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (problem || !hqId) return;
          create.mutate(
            { hqId, name: name.trim() },
            {
              onSuccess: (playlist) => {
                notifications.show({ color: 'green', message: t('playlists.created', { name: playlist.name }) });
                onClose();
                void navigate(`/admin/playlists/${playlist.id}`);
              },
            },
          );
        }}
      >
        <Stack>
          <HqSelect value={hqId} onChange={setHqId} required error={touched && !hqId ? t('hqRequired') : undefined} />
          <TextInput
            label={t('nameLabel')}
            description={t('nameHint')}
            required
            value={name}
            maxLength={NAME_MAX + 20}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched && problem ? t(problem) : undefined}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>{t('cancel')}</Button>
            <Button type="submit" loading={create.isPending}>{t('playlists.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
