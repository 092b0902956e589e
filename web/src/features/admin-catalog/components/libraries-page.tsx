import { Anchor, Button, Group, Loader, Modal, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { CATALOG_PAGE_SIZE, LIBRARY_TYPES, useCreateLibrary, useLibraries, type LibraryType } from '../api/admin-catalog-api';
import { NAME_MAX, nameProblem, Q_MAX } from '../catalog-admin-rules';
import { LibraryTypeBadge } from './catalog-parts';
import '../admin-catalog.messages';

/** /admin/libraries: every live library (name asc), filtered by name and type, and the create form. */
export const LibrariesPage = () => {
  const { t } = useTranslation('admin-catalog');
  const [q, setQ] = useState('');
  const [type, setType] = useState<LibraryType | null>(null);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const libraries = useLibraries({ q: qTooLong ? '' : debouncedQ, type, page });
  const items = libraries.data?.items ?? [];
  const total = libraries.data?.total ?? 0;
  return (
    <Stack maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('libraries.title')}</Title>
          <Text c="dimmed">{t('libraries.intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>{t('libraries.create')}</Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('searchTooLong') : undefined}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
          miw={280}
        />
        <Select
          label={t('libraries.type')}
          placeholder={t('libraries.allTypes')}
          data={LIBRARY_TYPES.map((v) => ({ value: v, label: t(`libraryType.${v}`) }))}
          value={type}
          onChange={(v) => {
            setType(v as LibraryType | null);
            setPage(0);
          }}
          clearable
          miw={180}
        />
      </Group>
      <ErrorAlert error={libraries.error} />
      {libraries.isPending && <Loader aria-label={t('common:loading')} />}
      {libraries.isSuccess && total === 0 && <Text c="dimmed">{debouncedQ.trim() || type ? t('libraries.emptyFiltered') : t('libraries.empty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('libraries.table')}
          rows={items}
          rowKey={(l) => l.id}
          busy={libraries.isFetching}
          minWidth={720}
          rowProps={(l) => ({ 'data-library': l.name })}
          columns={[
            { key: 'name', header: t('libraries.name'), cell: (l) => <Anchor component={Link} to={`/admin/libraries/${l.id}`} fw={600}>{l.name}</Anchor> },
            { key: 'type', header: t('libraries.type'), cell: (l) => <LibraryTypeBadge type={l.type} /> },
            { key: 'tracks', header: t('libraries.trackCount'), cell: (l) => t('libraries.tracks', { count: l.trackCount }) },
            { key: 'playlists', header: t('libraries.playlistCount'), cell: (l) => t('libraries.playlists', { count: l.playlistCount }) },
            { key: 'updatedAt', header: t('updatedAt'), cell: (l) => formatDateTime(l.updatedAt) },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={libraries.data?.size ?? CATALOG_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      {creating && <CreateLibraryDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
};

/** Name and the one type (immutable); the new library opens at once so that tracks can be added. */
const CreateLibraryDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('admin-catalog');
  const navigate = useNavigate();
  const create = useCreateLibrary();
  const [name, setName] = useState('');
  const [type, setType] = useState<LibraryType>('AI');
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name);
  return (
    <Modal opened onClose={onClose} title={t('libraries.createTitle')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (problem) return;
          create.mutate(
            { name: name.trim(), type },
            {
              onSuccess: (library) => {
                notifications.show({ color: 'green', message: t('libraries.created', { name: library.name }) });
                onClose();
                void navigate(`/admin/libraries/${library.id}`);
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('nameLabel')}
            description={t('nameHint')}
            required
            value={name}
            maxLength={NAME_MAX + 20}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched && problem ? t(problem) : undefined}
            data-autofocus
          />
          <Radio.Group label={t('libraries.typeLabel')} description={t('libraries.typeHint')} value={type} onChange={(v) => setType(v as LibraryType)} required>
            <Group gap="md" mt={4}>
              {LIBRARY_TYPES.map((v) => <Radio key={v} value={v} label={t(`libraryType.${v}`)} />)}
            </Group>
          </Radio.Group>
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>{t('cancel')}</Button>
            <Button type="submit" loading={create.isPending}>{t('libraries.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
