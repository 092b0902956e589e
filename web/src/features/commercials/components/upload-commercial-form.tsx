import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { useRegisterCommercial } from '../api/commercials-api';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { COMMERCIAL_TITLE_MAX, commercialTitleProblem } from '../mp3-rules';
import { Mp3FileField, PROBLEM_KEY, UploadProgressBar, type CheckedMp3 } from './mp3-file-field';
import '../commercials.messages';

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === 'AbortError';

/** Registers a commercial song: a title and an MP3 checked in the browser, sent with a progress bar. */
export const UploadCommercialForm = () => {
  const { t } = useTranslation('commercials');
  const register = useRegisterCommercial();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const form = useForm<{ title: string; mp3: CheckedMp3 | null }>({
    initialValues: { title: '', mp3: null },
    validate: {
      title: (v) => {
        const problem = commercialTitleProblem(v);
        return problem === 'REQUIRED' ? t('titleRequired') : problem === 'TOO_LONG' ? t('titleTooLong') : null;
      },
      mp3: (v) => (!v ? t('fileRequired') : v.problem ? t(PROBLEM_KEY[v.problem]) : null),
    },
  });

  const submit = ({ title, mp3 }: { title: string; mp3: CheckedMp3 | null }) => {
    if (!mp3 || mp3.problem) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: mp3.file.size });
    register.mutate(
      { title: title.trim(), file: mp3.file, durationSeconds: mp3.durationSeconds, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: (song) => {
          notifications.show({ color: 'green', message: t('uploaded', { title: song.title }) });
          form.reset();
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          form.setErrors({ ...(fields.title ? { title: fields.title } : {}), ...(fields.file ? { mp3: fields.file } : {}) });
        },
        onSettled: () => {
          setProgress(null);
          abort.current = null;
        },
      },
    );
  };

  const busy = register.isPending;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="commercial-upload">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <Title order={2} size="h4" id="commercial-upload">{t('uploadTitle')}</Title>
          <Group align="flex-start" grow>
            <TextInput
              label={t('formTitle')}
              required
              maxLength={COMMERCIAL_TITLE_MAX + 50}
              description={t('common:lengthCounter', { count: form.values.title.length, max: COMMERCIAL_TITLE_MAX })}
              disabled={busy}
              {...form.getInputProps('title')}
            />
            <Mp3FileField
              value={form.values.mp3}
              onChange={(mp3) => {
                register.reset();
                form.setFieldValue('mp3', mp3);
                form.clearFieldError('mp3');
              }}
              error={form.errors.mp3 ? String(form.errors.mp3) : null}
              disabled={busy}
            />
          </Group>
          <UploadProgressBar progress={progress} />
          {!isAbort(register.error) && <ErrorAlert error={register.error} />}
          <Group>
            <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>{t('upload')}</Button>
            {busy && <Button variant="default" onClick={() => abort.current?.abort()}>{t('cancelUpload')}</Button>}
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
