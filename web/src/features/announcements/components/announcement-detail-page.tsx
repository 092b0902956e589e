import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListenButton } from '../../../components/ui/listen-button';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { DispatchHistory } from '../../dispatch/components/dispatch-history';
import { SchedulesTable } from '../../dispatch/components/schedules-table';
import { useAnnouncement } from '../api/announcements-api';
import { DeleteAnnouncementDialog } from './delete-announcement-dialog';
import { formatDuration } from './format-duration';
import { useVoiceNames } from './use-voice-names';
import '../announcements.messages';

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">{label}</Text>
    <Text size="sm" component="div">{children}</Text>
  </Stack>
);

/** /hq/announcements/:announcementId: the text, voice and audio; send, edit, delete; its schedules and dispatch history. */
export const AnnouncementDetailPage = () => {
  const { t } = useTranslation('announcements');
  const { announcementId = '' } = useParams();
  const navigate = useNavigate();
  const names = useVoiceNames();
  const announcement = useAnnouncement(announcementId);
  const [deleting, setDeleting] = useState(false);
  const a = announcement.data;

  return (
    <Stack maw={1280}>
      <Anchor component={Link} to="/hq/announcements" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('backToList')}</Group>
      </Anchor>
      {announcement.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={announcement.error} />
      {a && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={1} size="h2">{a.title}</Title>
              <Text size="sm" c="dimmed">{t('createdUpdated', { created: formatDateTime(a.createdAt), updated: formatDateTime(a.updatedAt) })}</Text>
            </Stack>
            <Group gap="xs">
              <ListenButton src={a.audioUrl} size="sm" aria-label={t('listenTo', { title: a.title })} />
              <Button component={Link} to={`/hq/announcements/${a.id}/dispatch`} size="sm" leftSection={<IconSend size={16} aria-hidden />}>{t('dispatch')}</Button>
              <Button component={Link} to={`/hq/announcements/${a.id}/edit`} size="sm" variant="default" leftSection={<IconEdit size={16} aria-hidden />}>{t('common:edit')}</Button>
              <Button size="sm" variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>{t('common:delete')}</Button>
            </Group>
          </Group>
          <Paper withBorder p="md" radius="md" component="section" aria-label={t('text')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{a.text}</Text>
          </Paper>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Fact label={t('voice')}>{names.voice(a.voice, a.voiceDisplayName)}</Fact>
            <Fact label={t('tonePreset')}>{names.preset(a.voice, a.tonePreset, a.tonePresetDisplayName)}</Fact>
            <Fact label={t('tempo')}>{`${a.tempo.toFixed(2)}×`}</Fact>
            <Fact label={t('duration')}>{formatDuration(a.durationSeconds, t)}</Fact>
            <Fact label={t('activeSchedules')}>
              {a.activeScheduleCount > 0 ? <Badge variant="light" color="grape">{a.activeScheduleCount}</Badge> : '0'}
            </Fact>
          </SimpleGrid>
          <Stack component="section" aria-labelledby="announcement-schedules" mt="md">
            <Title order={2} size="h4" id="announcement-schedules">{t('schedulesSection')}</Title>
            <SchedulesTable announcementId={a.id} />
          </Stack>
          <Stack component="section" aria-labelledby="announcement-history" mt="md">
            <Group justify="space-between">
              <Title order={2} size="h4" id="announcement-history">{t('historySection')}</Title>
              <Anchor component={Link} to={`/hq/dispatches?announcementId=${a.id}`} size="sm">{t('openHistory')}</Anchor>
            </Group>
            <DispatchHistory announcementId={a.id} title={a.title} />
          </Stack>
          <DeleteAnnouncementDialog announcement={a} opened={deleting} onClose={() => setDeleting(false)} onDeleted={() => navigate('/hq/announcements')} />
        </>
      )}
    </Stack>
  );
};
