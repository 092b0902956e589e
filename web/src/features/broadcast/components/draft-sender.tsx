import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { currentLanguage } from '../../../lib/i18n';
import { useRegisteredDevice } from '../../devices/api/device-identity';
import { useSendBroadcast, useSlotOccupancy, type Draft, type SendBody } from '../api/broadcast-api';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { isSlotOccupied, kstDateOf, localDateTime, scheduleProblem } from '../schedule-rules';
import '../broadcast.messages';

interface SendValues {
  mode: 'now' | 'at';
  onlyThisDevice: boolean;
  isEmergency: boolean;
  date: string | null;
  time: string;
}

/** A draft (typed or recorded) to listen to, then send now (optionally to this device only) or at a time. */
export const DraftSender = ({ draft, source, onSent, onDiscard }: {
  draft: Draft;
  source: 'typed' | 'recorded';
  onSent: () => void;
  onDiscard: () => void;
}) => {
  const { t } = useTranslation('broadcast');
  const device = useRegisteredDevice();
  const send = useSendBroadcast();
  const form = useForm<SendValues>({
    initialValues: { mode: 'now', onlyThisDevice: false, isEmergency: draft.isEmergency, date: null, time: '' },
    validate: {
      date: (v, values) => (values.mode === 'at' && !v ? t('dateRequired') : null),
      time: (v, values) => {
        if (values.mode !== 'at') return null;
        if (!v) return t('timeRequired');
        const at = localDateTime(values.date, v);
        if (!at) return values.date ? t('timeRequired') : null;
        const problem = scheduleProblem(at, new Date());
        return problem === 'PAST' ? t('schedulePast') : problem === 'TOO_FAR' ? t('scheduleTooFar') : null;
      },
    },
  });
  const { mode, date, time } = form.values;
  const at = mode === 'at' ? localDateTime(date, time) : null;
  const slots = useSlotOccupancy(at ? kstDateOf(at) : null);
  const occupied = at !== null && slots.data !== undefined && isSlotOccupied(at, slots.data.occupiedSlots);

  const submit = (values: SendValues) => {
    if (values.mode === 'at' && occupied) return;
    const body: SendBody = { isEmergency: values.isEmergency };
    if (values.mode === 'at' && at) body.scheduledAt = at.toISOString();
    else if (values.onlyThisDevice && device) body.deviceId = device.id;
    send.mutate(
      { announcementId: draft.announcementId, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: body.scheduledAt ? t('sentScheduled', { time: formatDateTime(body.scheduledAt) }) : t('sentNow') });
          onSent();
        },
      },
    );
  };

  const today = dayjs().format('YYYY-MM-DD');
  const lastDay = dayjs().add(1, 'year').format('YYYY-MM-DD');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="draft-title">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="draft-title">{t('draftTitle')}</Title>
          <Text size="sm" c="dimmed">{source === 'typed' ? t('draftTyped') : t('draftRecorded')}</Text>
          <audio controls src={draft.audioUrl} aria-label={t('draftAudio')} preload="auto" style={{ width: '100%' }} />
          {draft.durationSeconds != null && <Text size="sm">{t('duration', { seconds: Math.round(draft.durationSeconds) })}</Text>}
          <Switch label={t('emergency')} description={t('emergencyHint')} {...form.getInputProps('isEmergency', { type: 'checkbox' })} />
          <SegmentedControl
            aria-label={t('sendMode')}
            data={[{ value: 'now', label: t('sendNow') }, { value: 'at', label: t('sendAt') }]}
            {...form.getInputProps('mode')}
          />
          {mode === 'now' ? (
            device ? (
              <Checkbox
                label={t('onlyThisDevice')}
                description={t('onlyThisDeviceHint', { label: device.label })}
                {...form.getInputProps('onlyThisDevice', { type: 'checkbox' })}
              />
            ) : (
              <Text size="sm" c="dimmed">{t('onlyThisDeviceUnavailable')}</Text>
            )
          ) : (
            <DatesProvider settings={{ locale: currentLanguage() }}>
              <Group grow align="flex-start">
                <DatePickerInput label={t('date')} required minDate={today} maxDate={lastDay} valueFormat="YYYY-MM-DD" {...form.getInputProps('date')} />
                <TimeInput label={t('time')} required {...form.getInputProps('time')} />
              </Group>
              <Text size="xs" c="dimmed">{t('scheduleHint')}</Text>
              {at && slots.isFetching && <Text size="sm" c="dimmed">{t('slotChecking')}</Text>}
              {occupied && (
                <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
                  {t('slotOccupied', { time: formatDateTime(at.toISOString()) })}
                </Alert>
              )}
            </DatesProvider>
          )}
          <ErrorAlert error={send.error} />
          <Group justify="space-between">
            <Button variant="default" onClick={onDiscard} disabled={send.isPending}>{t('discard')}</Button>
            <Button type="submit" loading={send.isPending} disabled={mode === 'at' && occupied} color={form.values.isEmergency ? 'red' : undefined}>
              {mode === 'now' ? t('sendNowButton') : t('sendAtButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
