import { Anchor, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { ANNOUNCEMENTS_PAGE_SIZE, Q_MAX, useAnnouncements } from '../api/announcements-api';
import { formatDuration } from './format-duration';
import { useVoiceNames } from './use-voice-names';
import '../announcements.messages';

/** /hq/announcements: the HQ's announcements, newest first, searchable by title or text. */
export const AnnouncementsPage = () => {
  const { t } = useTranslation('announcements');
  const names = useVoiceNames();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.length > Q_MAX;
  const list = useAnnouncements(qTooLong ? '' : debouncedQ, page);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Stack maw={1180}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('listTitle')}</Title>
          <Text c="dimmed">{t('listIntro')}</Text>
        </Stack>
        <Button component={Link} to="/hq/announcements/new" leftSection={<IconPlus size={16} aria-hidden />}>{t('newAnnouncement')}</Button>
      </Group>
      <TextInput
        label={t('search')}
        description={t('searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        error={qTooLong ? t('searchTooLong') : undefined}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(0);
        }}
        maw={420}
      />
      <ErrorAlert error={list.error} />
      {list.isPending && <Loader aria-label={t('common:loading')} />}
      {list.isSuccess && total === 0 && (
        <Text c="dimmed">{debouncedQ.trim() ? t('emptySearch') : t('empty')}</Text>
      )}
      {items.length > 0 && (
        <DataTable
          label={t('table')}
          rows={items}
          rowKey={(a) => a.id}
          minWidth={900}
          busy={list.isFetching}
          rowProps={(a) => ({ 'data-announcement-id': a.id })}
          columns={[
            { key: 'title', header: t('titleField'), cell: (a) => <Anchor component={Link} to={`/hq/announcements/${a.id}`} fw={600}>{a.title}</Anchor> },
            { key: 'voice', header: t('voice'), cell: (a) => names.voice(a.voice, a.voiceDisplayName) },
            { key: 'duration', header: t('duration'), cell: (a) => formatDuration(a.durationSeconds, t) },
            { key: 'dispatches', header: t('dispatchCount'), cell: (a) => a.dispatchCount },
            {
              key: 'last',
              header: t('lastDispatched'),
              cell: (a) =>
                a.lastDispatchedAt ? (
                  <Stack gap={0}>
                    <Text size="sm">{formatDateTime(a.lastDispatchedAt)}</Text>
                    {a.lastDispatchStoreCount != null && <Text size="xs" c="dimmed">{t('lastDispatchStores', { count: a.lastDispatchStoreCount })}</Text>}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">{t('neverDispatched')}</Text>
                ),
            },
            {
              key: 'schedules',
              header: t('activeSchedules'),
              cell: (a) => (a.activeScheduleCount > 0 ? <Badge variant="light" color="grape">{a.activeScheduleCount}</Badge> : <Text size="sm" c="dimmed">0</Text>),
            },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={list.data?.size ?? ANNOUNCEMENTS_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
    </Stack>
  );
};
