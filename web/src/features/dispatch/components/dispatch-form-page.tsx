import { Alert, Anchor, Button, Chip, Group, Input, Loader, MultiSelect, Paper, Radio, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListenButton } from '../../../components/ui/listen-button';
import { ApiError, fieldErrors } from '../../../lib/errors/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useAnnouncement } from '../../announcements/api/announcements-api';
import { REGIONS, useCreateSchedule, useDispatch, type DispatchBody, type Region, type ScheduleBody, type Target } from '../api/dispatch-api';
import {
  addKstDays,
  addKstYears,
  FREQUENCIES,
  gridTimes,
  kstDate,
  nextOccurrences,
  scheduleProblems,
  WEEKDAYS,
  type Frequency,
  type ScheduleRule,
  type Weekday,
} from '../next-occurrences';
import { OccurrencePreview } from './occurrence-preview';
import { StoreMultiSelect } from './store-multi-select';
import '../dispatch.messages';

type When = 'now' | 'at' | 'recurring';

interface DispatchValues {
  when: When;
  target: Target;
  storeIds: string[];
  region: Region | null;
  /** DateTimePicker's value, "YYYY-MM-DD HH:mm:ss" in the browser's time zone. */
  scheduledAt: string | null;
  frequency: Frequency;
  times: string[];
  daysOfWeek: Weekday[];
  startHour: string | null;
  endHour: string | null;
  minute: string | null;
  startDate: string | null;
  endDate: string | null;
}

const PREVIEW_COUNT = 10;
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
const MINUTES = Array.from({ length: 12 }, (_, i) => ({ value: String(i * 5), label: `:${String(i * 5).padStart(2, '0')}` }));
const TIMES = gridTimes();

const isHourly = (f: Frequency) => f !== 'DAILY' && f !== 'WEEKLY';
const num = (v: string | null) => (v === null || v === '' ? null : Number(v));

/** The form's recurring part as the server's rule. */
const ruleOf = (v: DispatchValues): ScheduleRule => ({
  frequency: v.frequency,
  times: isHourly(v.frequency) ? [] : v.times,
  daysOfWeek: v.frequency === 'WEEKLY' ? v.daysOfWeek : [],
  startHour: isHourly(v.frequency) ? num(v.startHour) : null,
  endHour: isHourly(v.frequency) ? num(v.endHour) : null,
  minute: isHourly(v.frequency) ? num(v.minute) : null,
  startDate: v.startDate ?? '',
  endDate: v.endDate ?? '',
});

/** PAST or TOO_FAR as the server judges a scheduled time (future, at most one year ahead). */
const scheduledAtProblem = (at: Date, now: Date): 'PAST' | 'TOO_FAR' | null => {
  if (at.getTime() <= now.getTime()) return 'PAST';
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return at.getTime() > limit.getTime() ? 'TOO_FAR' : null;
};

/** The field errors of a refused request: the server's codes in words, under their fields. */
const serverFieldErrors = (err: unknown, t: TFunction): Record<string, string> => {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = { ...fieldErrors(err) };
  for (const d of err.details) {
    const field = d.field.replace(/^body\./, '').replace(/\.\d+$/, '');
    if (d.code === 'SCHEDULED_AT_PAST') out.scheduledAt = t('dispatch:scheduledAtPast');
    else if (d.code === 'SCHEDULED_AT_TOO_FAR') out.scheduledAt = t('dispatch:scheduledAtTooFar');
    else if (d.code === 'INVALID_SCHEDULE') out[field] = t(`dispatch:scheduleFieldInvalid.${field}`, { defaultValue: t('dispatch:scheduleInvalid') });
  }
  return out;
};

/** A refusal that has a better sentence in this form's context than the general one. */
const contextualError = (err: unknown, target: Target, t: TFunction): string | null => {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 'DISPATCH_INVALID_TARGET') return t(`dispatch:invalidTarget.${target}`);
  if (err.code === 'TTS_ANNOUNCEMENT_NOT_FOUND' && target === 'STORES') return t('dispatch:foreignStore');
  return null;
};

const problemMessage = (t: TFunction, code: string) => t(`dispatch:scheduleProblem.${code}`);

/**
 * /hq/announcements/:announcementId/dispatch: send an announcement now, at a time, or on a
 * recurring schedule (with a preview of its next occurrences), to all stores, chosen stores or a
 * region.
 */
export const DispatchFormPage = () => {
  const { t } = useTranslation('dispatch');
  const { announcementId = '' } = useParams();
  const navigate = useNavigate();
  const announcement = useAnnouncement(announcementId);
  const dispatch = useDispatch();
  const createSchedule = useCreateSchedule();
  const [now, setNow] = useState(() => new Date());
  const clock = useInterval(() => setNow(new Date()), 30_000);
  useEffect(() => {
    clock.start();
    return clock.stop;
  }, []);
  const today = kstDate(now);

  const form = useForm<DispatchValues>({
    initialValues: {
      when: 'now',
      target: 'STORES',
      storeIds: [],
      region: null,
      scheduledAt: null,
      frequency: 'DAILY',
      times: [],
      daysOfWeek: [],
      startHour: '9',
      endHour: '21',
      minute: '0',
      startDate: today,
      endDate: addKstDays(today, 6),
    },
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (v.target === 'STORES' && v.storeIds.length === 0) errors.storeIds = t('storesRequired');
      if (v.target === 'REGION' && !v.region) errors.region = t('regionRequired');
      if (v.when === 'at') {
        const at = v.scheduledAt ? dayjs(v.scheduledAt).toDate() : null;
        if (!at || Number.isNaN(at.getTime())) errors.scheduledAt = t('scheduledAtRequired');
        else {
          const problem = scheduledAtProblem(at, new Date());
          if (problem) errors.scheduledAt = problem === 'PAST' ? t('scheduledAtPast') : t('scheduledAtTooFar');
        }
      }
      if (v.when === 'recurring') {
        for (const p of scheduleProblems(ruleOf(v), kstDate(new Date()))) errors[p.field] ??= problemMessage(t, p.code);
      }
      return errors;
    },
  });
  const v = form.values;
  const rule = ruleOf(v);
  const problems = v.when === 'recurring' ? scheduleProblems(rule, today) : [];
  const preview = useMemo(() => (v.when === 'recurring' && problems.length === 0 ? nextOccurrences(rule, now, PREVIEW_COUNT) : { next: [], total: 0 }), [JSON.stringify(rule), v.when, now, problems.length]);

  const targetBody = (values: DispatchValues): Pick<DispatchBody, 'target' | 'storeIds' | 'region'> => ({
    target: values.target,
    ...(values.target === 'STORES' ? { storeIds: values.storeIds } : {}),
    ...(values.target === 'REGION' && values.region ? { region: values.region } : {}),
  });

  const done = () => navigate(`/hq/dispatches?announcementId=${announcementId}`);
  const onError = (err: unknown) => form.setErrors(serverFieldErrors(err, t));

  const submit = (values: DispatchValues) => {
    dispatch.reset();
    createSchedule.reset();
    if (values.when === 'recurring') {
      const r = ruleOf(values);
      const body: ScheduleBody = {
        ...targetBody(values),
        frequency: r.frequency,
        startDate: r.startDate,
        endDate: r.endDate,
        ...(isHourly(r.frequency) ? { startHour: r.startHour, endHour: r.endHour, minute: r.minute } : { times: [...r.times].sort() }),
        ...(r.frequency === 'WEEKLY' ? { daysOfWeek: [...r.daysOfWeek] } : {}),
      };
      createSchedule.mutate(
        { announcementId, body },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('scheduleCreated') });
            done();
          },
          onError,
        },
      );
      return;
    }
    const body: DispatchBody = { ...targetBody(values) };
    if (values.when === 'at' && values.scheduledAt) body.scheduledAt = dayjs(values.scheduledAt).toDate().toISOString();
    dispatch.mutate(
      { announcementId, body },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message: result.status === 'SCHEDULED' ? t('sentScheduled', { count: result.storeCount, time: formatDateTime(result.scheduledAt ?? result.playAt) }) : t('sentNow', { count: result.storeCount }),
          });
          done();
        },
        onError,
      },
    );
  };

  const error = dispatch.error ?? createSchedule.error;
  const contextual = contextualError(error, v.target, t);
  const language = currentLanguage();
  const data = announcement.data;

  return (
    <Stack maw={880}>
      <Anchor component={Link} to={`/hq/announcements/${announcementId}`} size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('backToAnnouncement')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('formTitle')}</Title>
        <Text c="dimmed">{t('formIntro')}</Text>
      </Stack>
      {announcement.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={announcement.error} />
      {data && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{data.title}</Text>
              <Text size="sm" c="dimmed" lineClamp={2}>{data.text}</Text>
            </Stack>
            <ListenButton src={data.audioUrl} aria-label={t('listenTo', { title: data.title })} />
          </Group>
        </Paper>
      )}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <DatesProvider settings={{ locale: language }}>
          <Stack>
            <Input.Wrapper label={t('when')}>
              <SegmentedControl
                fullWidth
                mt={4}
                aria-label={t('when')}
                data={[
                  { value: 'now', label: t('whenNow') },
                  { value: 'at', label: t('whenAt') },
                  { value: 'recurring', label: t('whenRecurring') },
                ]}
                {...form.getInputProps('when')}
              />
            </Input.Wrapper>

            {v.when === 'now' && <Text size="sm" c="dimmed">{t('nowHint')}</Text>}
            {v.when === 'at' && (
              <DateTimePicker
                label={t('scheduledAt')}
                description={t('scheduledAtHint')}
                required
                minDate={dayjs(now).format('YYYY-MM-DD HH:mm:ss')}
                maxDate={dayjs(now).add(1, 'year').format('YYYY-MM-DD HH:mm:ss')}
                valueFormat="YYYY-MM-DD HH:mm"
                clearable
                {...form.getInputProps('scheduledAt')}
              />
            )}
            {v.when === 'recurring' && (
              <Paper withBorder p="md" radius="md">
                <Stack>
                  <Text size="sm" c="dimmed">{t('recurringHint')}</Text>
                  <Select
                    label={t('frequency')}
                    required
                    allowDeselect={false}
                    data={FREQUENCIES.map((f) => ({ value: f, label: t(`frequencies.${f}`) }))}
                    {...form.getInputProps('frequency')}
                  />
                  {!isHourly(v.frequency) && (
                    <MultiSelect
                      label={t('times')}
                      description={t('timesHint')}
                      required
                      searchable
                      maxValues={48}
                      data={TIMES}
                      nothingFoundMessage={t('timesNothingFound')}
                      {...form.getInputProps('times')}
                    />
                  )}
                  {v.frequency === 'WEEKLY' && (
                    <Input.Wrapper label={t('daysOfWeek')} required error={form.errors.daysOfWeek}>
                      <Chip.Group multiple value={v.daysOfWeek} onChange={(days) => form.setFieldValue('daysOfWeek', WEEKDAYS.filter((d) => days.includes(d)))}>
                        <Group gap="xs" mt={4} role="group" aria-label={t('daysOfWeek')}>
                          {WEEKDAYS.map((d) => <Chip key={d} value={d} size="sm">{t(`weekdays.${d}`)}</Chip>)}
                        </Group>
                      </Chip.Group>
                    </Input.Wrapper>
                  )}
                  {isHourly(v.frequency) && (
                    <Group grow align="flex-start">
                      <Select label={t('startHour')} required allowDeselect={false} data={HOURS} {...form.getInputProps('startHour')} />
                      <Select label={t('endHour')} required allowDeselect={false} data={HOURS} {...form.getInputProps('endHour')} />
                      <Select label={t('minute')} description={t('minuteHint')} required allowDeselect={false} data={MINUTES} {...form.getInputProps('minute')} />
                    </Group>
                  )}
                  <Group grow align="flex-start">
                    <DatePickerInput label={t('startDate')} required valueFormat="YYYY-MM-DD" minDate={today} maxDate={addKstYears(today, 1)} {...form.getInputProps('startDate')} />
                    <DatePickerInput label={t('endDate')} required valueFormat="YYYY-MM-DD" minDate={v.startDate ?? today} maxDate={addKstYears(today, 1)} {...form.getInputProps('endDate')} />
                  </Group>
                  <OccurrencePreview next={preview.next} total={preview.total} endDate={v.endDate ?? ''} problems={[...new Set(problems.map((p) => problemMessage(t, p.code)))]} />
                </Stack>
              </Paper>
            )}

            <Radio.Group label={t('target')} required {...form.getInputProps('target')}>
              <Group mt={4}>
                <Radio value="ALL" label={t('targetAllOption')} />
                <Radio value="STORES" label={t('targetStoresOption')} />
                <Radio value="REGION" label={t('targetRegionOption')} />
              </Group>
            </Radio.Group>
            {v.target === 'STORES' && <StoreMultiSelect required description={t('storesHint', { count: v.storeIds.length })} {...form.getInputProps('storeIds')} />}
            {v.target === 'REGION' && (
              <Select
                label={t('region')}
                description={t('regionHint')}
                required
                searchable
                data={REGIONS.map((r) => ({ value: r, label: t(`regions.${r}`) }))}
                {...form.getInputProps('region')}
              />
            )}
            {v.target === 'ALL' && <Text size="sm" c="dimmed">{t('allHint')}</Text>}

            {contextual ? (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="error-alert">{contextual}</Alert>
            ) : (
              <ErrorAlert error={error} />
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`/hq/announcements/${announcementId}`}>{t('common:cancel')}</Button>
              <Button type="submit" loading={dispatch.isPending || createSchedule.isPending} disabled={!data}>
                {v.when === 'now' ? t('submitNow') : v.when === 'at' ? t('submitAt') : t('submitRecurring')}
              </Button>
            </Group>
          </Stack>
        </DatesProvider>
      </form>
    </Stack>
  );
};
