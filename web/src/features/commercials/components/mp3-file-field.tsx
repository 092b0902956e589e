import { FileInput, Progress, Stack, Text } from '@mantine/core';
import { IconFileMusic } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { durationOf, formatDuration, measureMp3Seconds, mp3FileProblem, type Mp3Problem } from '../mp3-rules';
import '../commercials.messages';

/** A chosen file as the upload needs it: usable with its whole seconds, or why not. */
export type CheckedMp3 = { file: File; durationSeconds: number; problem: null } | { file: File; durationSeconds: null; problem: Mp3Problem };

export const PROBLEM_KEY: Record<Mp3Problem, string> = {
  EMPTY: 'fileEmpty',
  SIZE: 'fileSize',
  NOT_MP3: 'fileNotMp3',
  TOO_SHORT: 'fileTooShort',
  TOO_LONG: 'fileTooLong',
};

/** Size and signature first (no reading of a 2 GB video), then the frames for the length. */
export const checkMp3 = async (file: File): Promise<CheckedMp3> => {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const early = mp3FileProblem(file, head);
  if (early) return { file, durationSeconds: null, problem: early };
  const measured = durationOf(measureMp3Seconds(new Uint8Array(await file.arrayBuffer())));
  return 'problem' in measured ? { file, durationSeconds: null, problem: measured.problem } : { file, durationSeconds: measured.seconds, problem: null };
};

/**
 * The MP3 picker of the register and replace forms: checks the chosen file at once and says what
 * is wrong under the field, or the song's length when it is fine.
 */
export const Mp3FileField = ({ value, onChange, error, disabled }: {
  value: CheckedMp3 | null;
  onChange: (checked: CheckedMp3 | null) => void;
  /** A problem to show that is not the file's own (e.g. "choose a file" on submit). */
  error?: string | null;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('commercials');
  const [reading, setReading] = useState(false);
  const latest = useRef<File | null>(null);
  const choose = (file: File | null) => {
    latest.current = file;
    if (!file) {
      onChange(null);
      return;
    }
    setReading(true);
    void checkMp3(file)
      .catch((): CheckedMp3 => ({ file, durationSeconds: null, problem: 'NOT_MP3' }))
      .then((checked) => {
        // A second choice made while the first was read wins.
        if (latest.current !== file) return;
        setReading(false);
        onChange(checked);
      });
  };
  const problem = value?.problem ? t(PROBLEM_KEY[value.problem]) : null;
  return (
    <FileInput
      label={t('formFile')}
      description={reading ? t('fileReading') : value && !value.problem ? t('fileLength', { length: formatDuration(value.durationSeconds) }) : t('formFileHint')}
      accept="audio/mpeg,.mp3"
      leftSection={<IconFileMusic size={16} aria-hidden />}
      value={value?.file ?? null}
      onChange={choose}
      error={problem ?? error ?? undefined}
      clearable
      required
      disabled={disabled}
    />
  );
};

/** The bar while the bytes go out, with the percentage in words for screen readers. */
export const UploadProgressBar = ({ progress }: { progress: UploadProgress | null }) => {
  const { t } = useTranslation('commercials');
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section value={percent} aria-label={t('uploadProgress')} animated={percent < 100} />
      </Progress.Root>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">{t('uploading', { percent })}</Text>
    </Stack>
  );
};
