import { Alert, Button, Group, Progress, Stack, Switch, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useUploadRecording, type Draft } from '../api/broadcast-api';
import { formatSeconds, recordingProblem, recordingSeconds, RECORDING_MAX_SECONDS, type RecordingProblem } from '../recording-rules';
import { useRecorder } from './use-recorder';
import '../broadcast.messages';

const PROBLEM_KEY: Record<RecordingProblem, string> = { TOO_SHORT: 'recordTooShort', TOO_LARGE: 'recordTooLarge', EMPTY: 'recordEmpty' };

/** Record 1..30 s with the microphone, listen, and upload it as a draft. */
export const RecordedBroadcast = ({ onDraft }: { onDraft: (draft: Draft) => void }) => {
  const { t } = useTranslation('broadcast');
  const recorder = useRecorder();
  const upload = useUploadRecording();
  const [isEmergency, setEmergency] = useState(false);
  const [problem, setProblem] = useState<RecordingProblem | null>(null);
  const { status, recording, elapsedMs, maxMs } = recorder;

  const start = () => {
    setProblem(null);
    upload.reset();
    void recorder.start();
  };

  const send = () => {
    if (!recording) return;
    const found = recordingProblem(recording.ms, recording.blob.size);
    setProblem(found);
    if (found) return;
    upload.mutate({ blob: recording.blob, seconds: recordingSeconds(recording.ms), isEmergency }, { onSuccess: onDraft });
  };

  if (recorder.problem === 'UNSUPPORTED') return <Alert color="yellow">{t('recordUnsupported')}</Alert>;
  return (
    <Stack>
      <Text size="sm">{t('recordIntro')}</Text>
      {recorder.problem === 'DENIED' && <Alert color="red" role="alert">{t('recordDenied')}</Alert>}
      <Group>
        {status === 'recording' ? (
          <Button color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={recorder.stop}>{t('recordStop')}</Button>
        ) : (
          <Button leftSection={<IconMicrophone size={18} aria-hidden />} onClick={start} loading={status === 'requesting'} disabled={upload.isPending}>
            {status === 'recorded' ? t('recordAgain') : t('recordStart')}
          </Button>
        )}
        {(status === 'recording' || status === 'recorded') && (
          <Text role="timer" aria-label={t('elapsed', { elapsed: formatSeconds(elapsedMs / 1000), max: formatSeconds(RECORDING_MAX_SECONDS) })} fw={600}>
            {status === 'recording' && <Text span c="red" mr={6}>● {t('recording')}</Text>}
            {formatSeconds(elapsedMs / 1000)} / {formatSeconds(RECORDING_MAX_SECONDS)}
          </Text>
        )}
      </Group>
      {status === 'recording' && <Progress value={(elapsedMs / maxMs) * 100} aria-hidden size="sm" />}
      {status === 'recorded' && recording && (
        <Stack>
          <audio controls src={recording.url} aria-label={t('recordedAudio')} style={{ width: '100%' }} />
          <Switch label={t('emergency')} description={t('emergencyHint')} checked={isEmergency} onChange={(e) => setEmergency(e.currentTarget.checked)} />
          {problem && <Alert color="red" role="alert">{t(PROBLEM_KEY[problem])}</Alert>}
          <ErrorAlert error={upload.error} />
          <Button onClick={send} loading={upload.isPending} style={{ alignSelf: 'flex-start' }}>{t('upload')}</Button>
        </Stack>
      )}
    </Stack>
  );
};
