import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { usePatchCommercial, useReplaceCommercialFile, type Commercial } from '../api/commercials-api';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { COMMERCIAL_TITLE_MAX, commercialTitleProblem } from '../mp3-rules';
import { Mp3FileField, PROBLEM_KEY, UploadProgressBar, type CheckedMp3 } from './mp3-file-field';
import '../commercials.messages';

/** Renames a song: PATCH with the title only, and only when it changed. */
export const RenameCommercialModal = ({ song, onClose }: { song: Commercial | null; onClose: () => void }) => {
  const { t } = useTranslation('commercials');
  return (
    <Modal opened={song !== null} onClose={onClose} title={song ? t('renameLabel', { title: song.title }) : ''} centered>
      {song && <RenameForm key={song.id} song={song} onClose={onClose} />}
    </Modal>
  );
};

const RenameForm = ({ song, onClose }: { song: Commercial; onClose: () => void }) => {
  const { t } = useTranslation('commercials');
  const patch = usePatchCommercial();
  const form = useForm({
    initialValues: { title: song.title },
    validate: {
      title: (v) => {
        const problem = commercialTitleProblem(v);
        return problem === 'REQUIRED' ? t('titleRequired') : problem === 'TOO_LONG' ? t('titleTooLong') : null;
      },
    },
  });
  const submit = ({ title }: { title: string }) => {
    if (title.trim() === song.title) {
      onClose();
      return;
    }
    patch.mutate(
      { id: song.id, patch: { title: title.trim() } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('renamed') });
          onClose();
        },
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <TextInput
          label={t('formTitle')}
          required
          data-autofocus
          description={t('common:lengthCounter', { count: form.values.title.length, max: COMMERCIAL_TITLE_MAX })}
          {...form.getInputProps('title')}
        />
        <ErrorAlert error={patch.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" loading={patch.isPending}>{t('common:save')}</Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Replaces a song's file with another MP3 (checked the same way), with a progress bar. */
export const ReplaceCommercialModal = ({ song, onClose }: { song: Commercial | null; onClose: () => void }) => {
  const { t } = useTranslation('commercials');
  const replace = useReplaceCommercialFile();
  const [mp3, setMp3] = useState<CheckedMp3 | null>(null);
  const [missing, setMissing] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const close = () => {
    abort.current?.abort();
    replace.reset();
    setMp3(null);
    setMissing(false);
    onClose();
  };
  const submit = () => {
    if (!song) return;
    if (!mp3) {
      setMissing(true);
      return;
    }
    if (mp3.problem) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: mp3.file.size });
    replace.mutate(
      { commercialId: song.id, file: mp3.file, durationSeconds: mp3.durationSeconds, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('replaced') });
          abort.current = null;
          close();
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  const aborted = (replace.error as { name?: string } | null)?.name === 'AbortError';
  return (
    <Modal opened={song !== null} onClose={close} title={song ? t('replaceTitle', { title: song.title }) : ''} centered size="lg">
      <Stack>
        <Text size="sm">{t('replaceHint')}</Text>
        <Mp3FileField
          value={mp3}
          onChange={(checked) => {
            replace.reset();
            setMissing(false);
            setMp3(checked);
          }}
          error={missing ? t('fileRequired') : mp3?.problem ? t(PROBLEM_KEY[mp3.problem]) : null}
          disabled={replace.isPending}
        />
        <UploadProgressBar progress={progress} />
        {!aborted && <ErrorAlert error={replace.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{replace.isPending ? t('cancelUpload') : t('common:cancel')}</Button>
          <Button onClick={submit} loading={replace.isPending}>{t('replace')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
};
