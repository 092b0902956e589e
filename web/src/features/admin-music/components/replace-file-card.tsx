import { Button, Card, FileInput, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileMusic, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, describeError } from '../../../lib/errors/api-error';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { currentLanguage } from '../../../lib/i18n';
import { useReplaceMusicFile, type Music } from '../api/music-api';
import { formatBytes, MUSIC_TITLE_MAX, percentOf, titleProblem, type FileProblem } from '../upload-rules';
import { checkMusicFile } from './check-music-file';
import '../admin-music.messages';

/** Replaces a track's file (same id), checked in the browser first, with a progress bar while it goes out. */
export const ReplaceFileCard = ({ music }: { music: Music }) => {
  const { t } = useTranslation('admin-music');
  const replace = useReplaceMusicFile(music.id);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const choose = (chosen: File | null) => {
    replace.reset();
    setFile(chosen);
    setProblem(null);
    setFileError(null);
    if (!chosen) return;
    setChecking(true);
    void checkMusicFile(chosen).then((checked) => {
      setChecking(false);
      setProblem(checked.problem);
    });
  };

  const submit = () => {
    const tp = title.trim() ? titleProblem(title) : null;
    setTitleError(tp === 'TOO_LONG' ? t('uploadPage.titleTooLong') : null);
    setFileError(file ? null : t('replace.fileRequired'));
    if (!file || problem || checking || tp) return;
    setProgress({ loaded: 0, total: file.size });
    replace.mutate(
      { file, title: title.trim() || undefined, onProgress: setProgress },
      {
        onSuccess: (updated) => {
          notifications.show({ color: 'green', message: t('replace.replaced', { title: updated.title }) });
          setFile(null);
          setTitle('');
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const problemText = problem
    ? `${describeError(new ApiError(400, problem.code, problem.reason), currentLanguage())} ${t(`uploadPage.reasons.${problem.reason}`, { size: formatBytes(file?.size ?? 0) })}`
    : null;
  const percent = percentOf(progress);
  return (
    <Card withBorder component="section" aria-labelledby="music-replace">
      <Stack>
        <Title order={2} size="h4" id="music-replace">{t('replace.title')}</Title>
        <Text size="sm" c="dimmed">{t('replace.intro')}</Text>
        <Group grow align="flex-start">
          <FileInput
            label={t('replace.file')}
            description={t('replace.fileHint')}
            accept="audio/mpeg,.mp3"
            leftSection={<IconFileMusic size={16} aria-hidden />}
            value={file}
            onChange={choose}
            error={problemText ?? fileError ?? undefined}
            clearable
            required
            disabled={replace.isPending}
          />
          <TextInput
            label={t('replace.newTitle')}
            description={t('replace.newTitleHint')}
            placeholder={music.title}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            maxLength={MUSIC_TITLE_MAX + 50}
            disabled={replace.isPending}
          />
        </Group>
        {progress && (
          <Stack gap={4}>
            <Progress.Root size="md" data-testid="replace-progress" data-percent={percent}>
              <Progress.Section value={percent} animated aria-label={t('replace.progress')} />
            </Progress.Root>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">{t('replace.uploading', { percent })}</Text>
          </Stack>
        )}
        <ErrorAlert error={replace.error} />
        <Group justify="flex-end">
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={submit} loading={replace.isPending || checking}>{t('replace.submit')}</Button>
        </Group>
      </Stack>
    </Card>
  );
};
