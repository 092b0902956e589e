import { Anchor, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { announcementKeys, listAnnouncements, type AnnouncementListItem } from '../../announcements/api/announcements-api';
import { DispatchHistory } from './dispatch-history';
import { SchedulesTable } from './schedules-table';
import '../dispatch.messages';

/** The history API is per announcement: the picker offers the HQ's announcements, the last dispatched first. */
const PICKER_SIZE = 100;

const lastDispatchedFirst = (items: readonly AnnouncementListItem[]) =>
  [...items].sort((a, b) => (b.lastDispatchedAt ?? '').localeCompare(a.lastDispatchedAt ?? '') || b.createdAt.localeCompare(a.createdAt));

/**
 * /hq/dispatches: the dispatch history of one announcement (?announcementId=, by default the one
 * dispatched last) and every recurring schedule of the HQ.
 */
export const DispatchesPage = () => {
  const { t } = useTranslation('dispatch');
  const [params, setParams] = useSearchParams();
  const announcements = useQuery({ queryKey: [...announcementKeys.lists(), 'picker'], queryFn: () => listAnnouncements('', 0, PICKER_SIZE) });
  const items = lastDispatchedFirst(announcements.data?.items ?? []);
  const requested = params.get('announcementId');
  const selectedId = requested ?? items.find((i) => i.lastDispatchedAt)?.id ?? items[0]?.id ?? null;
  const selected = items.find((i) => i.id === selectedId);

  return (
    <Stack maw={1280}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('historyTitle')}</Title>
        <Text c="dimmed">{t('historyIntro')}</Text>
      </Stack>
      <ErrorAlert error={announcements.error} />
      {announcements.isPending && <Loader aria-label={t('common:loading')} />}
      {announcements.isSuccess && items.length === 0 && (
        <Text c="dimmed">
          {t('noAnnouncements')} <Anchor component={Link} to="/hq/announcements/new">{t('createAnnouncement')}</Anchor>
        </Text>
      )}
      {items.length > 0 && (
        <Stack component="section" aria-labelledby="history-section">
          <Title order={2} size="h4" id="history-section">{t('historySection')}</Title>
          <Group align="flex-end">
            <Select
              label={t('pickAnnouncement')}
              searchable
              allowDeselect={false}
              w={420}
              data={items.map((i) => ({ value: i.id, label: i.title }))}
              value={selectedId}
              onChange={(id) => id && setParams({ announcementId: id }, { replace: true })}
              renderOption={({ option }) => {
                const item = items.find((i) => i.id === option.value);
                return (
                  <Stack gap={0}>
                    <Text size="sm">{option.label}</Text>
                    <Text size="xs" c="dimmed">{item?.lastDispatchedAt ? t('lastDispatched', { time: formatDateTime(item.lastDispatchedAt) }) : t('neverDispatched')}</Text>
                  </Stack>
                );
              }}
            />
            {selectedId && (
              <>
                <Button component={Link} to={`/hq/announcements/${selectedId}/dispatch`} leftSection={<IconSend size={16} aria-hidden />} variant="light">{t('dispatchAgain')}</Button>
                <Anchor component={Link} to={`/hq/announcements/${selectedId}`} size="sm">{t('openAnnouncement')}</Anchor>
              </>
            )}
          </Group>
          {selectedId && <DispatchHistory key={selectedId} announcementId={selectedId} title={selected?.title} />}
        </Stack>
      )}
      <Stack component="section" aria-labelledby="schedules-section" mt="lg">
        <Title order={2} size="h4" id="schedules-section">{t('schedulesSection')}</Title>
        <SchedulesTable />
      </Stack>
    </Stack>
  );
};
