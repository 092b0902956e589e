import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useAnnouncement } from '../api/announcements-api';
import { AnnouncementForm } from './announcement-form';
import '../announcements.messages';

/** /hq/announcements/:announcementId/edit: replace every field (PUT); the audio is made again only when its fields change. */
export const EditAnnouncementPage = () => {
  const { t } = useTranslation('announcements');
  const { announcementId = '' } = useParams();
  const navigate = useNavigate();
  const announcement = useAnnouncement(announcementId);
  const back = `/hq/announcements/${announcementId}`;
  return (
    <Stack maw={760}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('backToDetail')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('editTitle')}</Title>
        <Text c="dimmed">{t('editIntro')}</Text>
      </Stack>
      {announcement.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={announcement.error} />
      {announcement.data && (
        <AnnouncementForm
          key={announcement.data.id}
          stored={announcement.data}
          onCancel={() => navigate(back)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('saved') });
            navigate(back);
          }}
        />
      )}
    </Stack>
  );
};
