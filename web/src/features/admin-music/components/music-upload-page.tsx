import { ActionIcon, Anchor, Badge, Button, Card, Group, Paper, Progress, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileMusic, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, describeError } from '../../../lib/errors/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { formatDuration } from '../../commercials/mp3-rules';
import { useInvalidateMusicLists } from '../api/music-api';
import {
  formatBytes, isSendable, MUSIC_SOURCES, MUSIC_TITLE_MAX, percentOf, titleProblem, uploadCounts, uploadRoute, type MusicSource,
} from '../upload-rules';
import { useUploadQueue, type UploadRow } from './use-upload-queue';
import '@mantine/dropzone/styles.css';
import '../admin-music.messages';

const STATUS_COLOR: Record<UploadRow['status'], string> = {
  CHECKING: 'gray', INVALID: 'red', READY: 'blue', UPLOADING: 'blue', DONE: 'green', FAILED: 'red',
};

/** The sentence of a row's error: a pre-check names the code the server would answer, so both read alike. */
const rowError = (row: UploadRow): string | null => {
  if (row.problem) return describeError(new ApiError(400, row.problem.code, row.problem.reason), currentLanguage());
  if (row.status === 'FAILED') return describeError(row.error, currentLanguage());
  return null;
};

/** /admin/music/upload — many MP3s dropped at once, a row each with its title, progress bar and own result. */
export const MusicUploadPage = () => {
  const { t } = useTranslation('admin-music');
  const queue = useUploadQueue();
  const refreshLists = useInvalidateMusicLists();
  const [source, setSource] = useState<MusicSource | null>(null);
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [titleErrors, setTitleErrors] = useState<Record<string, string>>({});
  const sendable = queue.rows.filter((r) => isSendable(r.status));
  const counts = uploadCounts(queue.rows.map((r) => r.status));

  const send = async () => {
    const errors: Record<string, string> = {};
    for (const row of sendable) {
      const problem = titleProblem(row.title);
      if (problem) errors[row.key] = t(problem === 'REQUIRED' ? 'uploadPage.titleRequired' : 'uploadPage.titleTooLong');
    }
    setTitleErrors(errors);
    setSourceError(source ? null : t('uploadPage.sourceRequired'));
    if (!source || Object.keys(errors).length > 0) return;
    const stored = await queue.send(source);
    if (stored.length > 0) {
      void refreshLists();
      notifications.show({ color: 'green', message: t('uploadPage.uploaded', { count: stored.length }) });
    }
  };

  return (
    <Stack maw={1080}>
      <Anchor component={Link} to="/admin/music" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('uploadPage.title')}</Title>
        <Text c="dimmed">{t('uploadPage.intro')}</Text>
      </Stack>
      <Card withBorder>
        <Stack>
          <Radio.Group
            label={t('uploadPage.sourceLabel')}
            description={t('uploadPage.sourceDescription')}
            value={source}
            onChange={(v) => { setSource(v as MusicSource); setSourceError(null); }}
            error={sourceError}
            required
          >
            <Group mt="xs">
              {MUSIC_SOURCES.map((s) => <Radio key={s} value={s} label={`${t(`sources.${s}`)} · ${t(`sourceHelp.${s}`)}`} disabled={queue.running} />)}
            </Group>
          </Radio.Group>
          <Dropzone
            onDrop={queue.add}
            // Files of another type are listed too, so each shows the spec's error on its own row.
            onReject={(rejections) => queue.add(rejections.map((r) => r.file))}
            accept={{ 'audio/mpeg': ['.mp3'] }}
            multiple
            aria-label={t('uploadPage.drop')}
            inputProps={{ 'aria-label': t('uploadPage.fileInput') }}
            data-testid="music-dropzone"
          >
            <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept><IconUpload size={40} aria-hidden /></Dropzone.Accept>
              <Dropzone.Reject><IconX size={40} aria-hidden /></Dropzone.Reject>
              <Dropzone.Idle><IconFileMusic size={40} aria-hidden /></Dropzone.Idle>
              <Stack gap={2}>
                <Text fw={500}>{t('uploadPage.drop')}</Text>
                <Text size="sm" c="dimmed">{t('uploadPage.dropHint')}</Text>
              </Stack>
            </Group>
          </Dropzone>
        </Stack>
      </Card>
      {queue.rows.length > 0 && (
        <Stack component="section" aria-labelledby="upload-files">
          <Group justify="space-between">
            <Title order={2} size="h4" id="upload-files">{t('uploadPage.files')}</Title>
            <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="upload-summary">
              {t('uploadPage.summary', counts)}
            </Text>
          </Group>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {queue.rows.map((row) => (
              <UploadRowView
                key={row.key}
                row={row}
                titleError={titleErrors[row.key] ?? null}
                onTitle={(title) => { queue.setTitle(row.key, title); setTitleErrors(({ [row.key]: _, ...rest }) => rest); }}
                onRemove={() => queue.remove(row.key)}
                locked={queue.running}
              />
            ))}
          </Stack>
          <Group justify="space-between">
            <Button variant="subtle" onClick={queue.clearFinished} disabled={queue.running || counts.done + queue.rows.filter((r) => r.status === 'INVALID').length === 0}>
              {t('uploadPage.clearDone')}
            </Button>
            <Group gap="sm">
              {queue.rows.some((r) => r.status === 'FAILED') && !queue.running && <Text size="sm" c="dimmed">{t('uploadPage.retryHint')}</Text>}
              <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => void send()} loading={queue.running} disabled={sendable.length === 0}>
                {sendable.length > 0 ? t('uploadPage.send', { count: sendable.length }) : t('uploadPage.sendNone')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Stack>
  );
};

const UploadRowView = ({ row, titleError, onTitle, onRemove, locked }: {
  row: UploadRow;
  titleError: string | null;
  onTitle: (title: string) => void;
  onRemove: () => void;
  locked: boolean;
}) => {
  const { t } = useTranslation('admin-music');
  const percent = row.status === 'DONE' ? 100 : percentOf(row.progress);
  const error = rowError(row);
  const editable = row.status === 'READY' || row.status === 'FAILED';
  return (
    <Paper component="li" withBorder p="sm" data-file-name={row.file.name} data-status={row.status} aria-label={row.file.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{row.file.name}</Text>
              <Badge variant="light" color="gray">{formatBytes(row.file.size)}</Badge>
              {!row.problem && <Badge variant="outline" color="gray" data-route={uploadRoute(row.file.size)}>{t(`uploadPage.via.${uploadRoute(row.file.size)}`)}</Badge>}
              {row.durationSeconds !== null && <Text size="sm" c="dimmed">{t('uploadPage.length', { length: formatDuration(row.durationSeconds) })}</Text>}
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Badge color={STATUS_COLOR[row.status]} data-testid="upload-status">{t(`uploadPage.status.${row.status}`, { percent })}</Badge>
            {row.status !== 'UPLOADING' && !locked && (
              <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={t('uploadPage.remove', { name: row.file.name })}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
        {row.status !== 'INVALID' && row.status !== 'CHECKING' && (
          row.status === 'DONE' && row.music ? (
            <Anchor component={Link} to={`/admin/music/${row.music.id}`} aria-label={t('uploadPage.open', { title: row.music.title })}>{row.music.title}</Anchor>
          ) : (
            <TextInput
              label={t('uploadPage.titleLabel', { name: row.file.name })}
              value={row.title}
              onChange={(e) => onTitle(e.currentTarget.value)}
              error={titleError}
              disabled={!editable || locked}
              maxLength={MUSIC_TITLE_MAX + 50}
              description={t('common:lengthCounter', { count: row.title.length, max: MUSIC_TITLE_MAX })}
              required
            />
          )
        )}
        {(row.status === 'UPLOADING' || row.status === 'DONE') && (
          <Stack gap={2}>
            <Progress.Root size="md" data-testid="upload-progress" data-percent={percent}>
              <Progress.Section value={percent} animated={row.status === 'UPLOADING'} color={row.status === 'DONE' ? 'green' : 'blue'} aria-label={t('uploadPage.progress', { name: row.file.name })} />
            </Progress.Root>
            {row.status === 'UPLOADING' && percent >= 100 && <Text size="xs" c="dimmed">{t('uploadPage.processing')}</Text>}
          </Stack>
        )}
        {error && (
          <Stack gap={0} role="alert" data-testid="upload-error" data-code={row.problem?.code ?? (row.error instanceof ApiError ? row.error.code : undefined)}>
            <Text size="sm" c="red" fw={500}>{error}</Text>
            {row.problem && <Text size="sm" c="red">{t(`uploadPage.reasons.${row.problem.reason}`, { size: formatBytes(row.file.size) })}</Text>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
