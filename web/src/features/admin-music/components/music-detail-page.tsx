import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListenButton } from '../../../components/ui/listen-button';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { formatDuration } from '../../commercials/mp3-rules';
import { useDeleteMusic, useMusic, type Music } from '../api/music-api';
import { MusicSourceBadge } from './music-source-badge';
import { MusicTagsCard } from './music-tags-card';
import { ReplaceFileCard } from './replace-file-card';
import '../admin-music.messages';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">{label}</Text>
    <Text component="dd" m={0}>{children}</Text>
  </Stack>
);

const BackToList = () => {
  const { t } = useTranslation('admin-music');
  return (
    <Anchor component={Link} to="/admin/music" size="sm">
      <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back')}</Group>
    </Anchor>
  );
};

/** /admin/music/:id — a track's fields, its player, its tags, the file replacement and the soft delete. */
export const MusicDetailPage = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-music');
  const music = useMusic(id);
  if (music.isPending) {
    return (
      <Stack>
        <BackToList />
        <Title order={1} size="h2">{t('title')}</Title>
        <Loader aria-label={t('common:loading')} />
      </Stack>
    );
  }
  if (!music.data) {
    return (
      <Stack maw={1080}>
        <BackToList />
        <Title order={1} size="h2">{t('detail.notFound')}</Title>
        <ErrorAlert error={music.error} />
      </Stack>
    );
  }
  return <MusicDetail music={music.data} />;
};

const MusicDetail = ({ music }: { music: Music }) => {
  const { t } = useTranslation('admin-music');
  const navigate = useNavigate();
  const remove = useDeleteMusic(music.id);
  const [confirming, setConfirming] = useState(false);
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('remove.deleted', { title: music.title }) });
        void navigate('/admin/music');
      },
    });

  return (
    <Stack maw={1080}>
      <BackToList />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1} size="h2">{music.title}</Title>
          <MusicSourceBadge source={music.musicSource} />
        </Group>
        <Group gap="sm">
          <ListenButton src={music.audioUrl} size="sm" aria-label={t('listenLabel', { title: music.title })} />
          <Button color="red" variant="light" size="sm" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => { remove.reset(); setConfirming(true); }}>
            {t('remove.button')}
          </Button>
        </Group>
      </Group>
      <Card withBorder component="section" aria-labelledby="music-facts">
        <Stack>
          <Title order={2} size="h4" id="music-facts">{t('detail.facts')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <Fact label={t('detail.duration')}>{formatDuration(music.durationSeconds)}</Fact>
            <Fact label={t('detail.source')}>{`${t(`sources.${music.musicSource}`)} · ${t(`sourceHelp.${music.musicSource}`)}`}</Fact>
            <Fact label={t('detail.id')}><Text component="span" ff="monospace" size="sm">{music.id}</Text></Fact>
            <Fact label={t('detail.createdAt')}>{formatDateTime(music.createdAt)}</Fact>
            <Fact label={t('detail.updatedAt')}>{formatDateTime(music.updatedAt)}</Fact>
          </SimpleGrid>
          <Text size="sm" c="dimmed">{t('detail.sourceFixed')}</Text>
        </Stack>
      </Card>
      <MusicTagsCard music={music} />
      <ReplaceFileCard music={music} />
      <ConfirmDialog
        opened={confirming}
        title={t('remove.title')}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('remove.keep')}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
        loading={remove.isPending}
        error={remove.error}
      >
        {t('remove.body', { title: music.title })}
      </ConfirmDialog>
    </Stack>
  );
};
