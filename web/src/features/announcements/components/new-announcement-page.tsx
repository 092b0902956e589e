import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AnnouncementForm } from './announcement-form';
import '../announcements.messages';

/** /hq/announcements/new: a new announcement, synthesized when saved. */
export const NewAnnouncementPage = () => {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  return (
    <Stack maw={760}>
      <Anchor component={Link} to="/hq/announcements" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('backToList')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('newTitle')}</Title>
        <Text c="dimmed">{t('newIntro')}</Text>
      </Stack>
      <AnnouncementForm
        onCancel={() => navigate('/hq/announcements')}
        onSaved={(saved) => {
          notifications.show({ color: 'green', message: t('created') });
          navigate(`/hq/announcements/${saved.id}`);
        }}
      />
    </Stack>
  );
};
