import { Alert, Button, Group, Input, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClockHour4, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, fieldErrors } from '../../../lib/errors/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { getVersion, legalKeys, useLegalHistory, usePublishVersion, type LegalKind } from '../api/legal-admin-api';
import { CONTENT_MAX, contentProblem, publicationOf, statusesAt, versionProblem, type Publication } from '../legal-status';
import { useNow } from '../use-now';
import { BackToHistory, MarkdownDocument } from './legal-parts';
import '../legal-admin.messages';

interface PublishValues {
  version: string;
  content: string;
  when: 'now' | 'at';
  /** DateTimePicker's value, "YYYY-MM-DD HH:mm:ss" in the browser's time zone. */
  effectiveAt: string | null;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Codes the form shows under a field rather than above the buttons. */
const FIELD_CODES = ['LEGAL_DOC_DUPLICATE_VERSION', 'LEGAL_DOC_INVALID_EFFECTIVE_AT', 'VALIDATION_FAILED'];

const chosenTime = (v: PublishValues): Date | null => {
  if (v.when === 'now' || !v.effectiveAt) return null;
  const at = dayjs(v.effectiveAt).toDate();
  return Number.isNaN(at.getTime()) ? null : at;
};

/** /admin/legal/:kind/new — version, Markdown with a live preview, now or at a time. */
export const PublishLegalPage = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('legal-admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const history = useLegalHistory(kind);
  const publish = usePublishVersion(kind);
  const now = useNow(5_000);
  const [confirming, setConfirming] = useState<Publication | null>(null);
  const [copying, setCopying] = useState(false);
  const published = (history.data?.items ?? []).map((d) => d.version);
  const current = statusesAt(history.data?.items ?? [], now).find((d) => d.isCurrent) ?? null;
  const kindName = t(`kinds.${kind}`);

  const form = useForm<PublishValues>({
    initialValues: { version: '', content: '', when: 'now', effectiveAt: null },
    validate: {
      version: (v) => {
        const problem = versionProblem(v, published);
        return problem === 'REQUIRED' ? t('versionRequired') : problem === 'TOO_LONG' ? t('versionTooLong') : problem === 'DUPLICATE' ? t('versionDuplicate') : null;
      },
      content: (v) => {
        const problem = contentProblem(v);
        return problem === 'REQUIRED' ? t('contentRequired') : problem === 'TOO_LONG' ? t('contentTooLong') : null;
      },
      effectiveAt: (v, values) => {
        if (values.when === 'now') return null;
        const at = chosenTime(values);
        if (!v || !at) return t('effectiveAtRequired');
        return publicationOf(at, new Date()) === 'PAST' ? t('effectiveAtPast') : null;
      },
    },
  });
  const values = form.values;
  const [preview] = useDebouncedValue(values.content, 200);
  const at = chosenTime(values);
  const outcome = values.when === 'at' && !at ? null : publicationOf(at, now);

  const copyCurrent = async () => {
    if (!current) return;
    setCopying(true);
    try {
      const doc = await queryClient.fetchQuery({ queryKey: legalKeys.document(kind, current.id), queryFn: () => getVersion(kind, current.id) });
      form.setFieldValue('content', doc.content);
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) });
    } finally {
      setCopying(false);
    }
  };

  const send = () => {
    const effectiveAt = chosenTime(values);
    // Time passed while the dialog was open: judged again at the moment of sending.
    const decision = publicationOf(effectiveAt, new Date());
    if (decision === 'PAST') {
      setConfirming(null);
      form.setFieldError('effectiveAt', t('effectiveAtPast'));
      return;
    }
    const version = values.version.trim();
    publish.mutate(
      { version, content: values.content, effectiveAt: effectiveAt ? effectiveAt.toISOString() : null },
      {
        onSuccess: (doc) => {
          notifications.show({ color: 'green', message: doc.status === 'SCHEDULED' ? t('scheduled', { version: doc.version }) : t('published', { version: doc.version }) });
          setConfirming(null);
          void navigate(`/admin/legal/${kind}/${doc.id}`);
        },
        onError: (err) => {
          setConfirming(null);
          if (err instanceof ApiError && err.code === 'LEGAL_DOC_DUPLICATE_VERSION') form.setFieldError('version', t('versionDuplicate'));
          else if (err instanceof ApiError && err.code === 'LEGAL_DOC_INVALID_EFFECTIVE_AT') form.setFieldError('effectiveAt', t('effectiveAtPast'));
          else form.setErrors(fieldErrors(err));
        },
      },
    );
  };

  const presets = [
    { value: dayjs(now).add(1, 'hour').second(0).format(PICKER_FORMAT), label: t('presets.inHour') },
    { value: dayjs(now).add(1, 'day').hour(9).minute(0).second(0).format(PICKER_FORMAT), label: t('presets.tomorrow9') },
    { value: dayjs(now).add(7, 'day').hour(9).minute(0).second(0).format(PICKER_FORMAT), label: t('presets.nextWeek') },
    { value: dayjs(now).add(1, 'month').date(1).hour(0).minute(0).second(0).format(PICKER_FORMAT), label: t('presets.nextMonth') },
  ];
  const showError = publish.error instanceof ApiError && FIELD_CODES.includes(publish.error.code) ? null : publish.error;

  return (
    <Stack maw={1280}>
      <BackToHistory kind={kind} />
      <Title order={1} size="h2">{t('publishTitle', { kind: kindName })}</Title>
      <form noValidate onSubmit={form.onSubmit(() => setConfirming(outcome ?? 'NOW'))}>
        <DatesProvider settings={{ locale: currentLanguage() }}>
          <Stack>
            <Group align="flex-start" grow>
              <TextInput
                label={t('versionLabel')}
                description={t('versionHint')}
                required
                data-autofocus
                {...form.getInputProps('version')}
              />
              <Stack gap="xs">
                <Input.Wrapper label={t('when')}>
                  <SegmentedControl
                    fullWidth
                    mt={4}
                    aria-label={t('when')}
                    data={[
                      { value: 'now', label: t('whenNow') },
                      { value: 'at', label: t('whenAt') },
                    ]}
                    {...form.getInputProps('when')}
                  />
                </Input.Wrapper>
                {values.when === 'at' && (
                  <DateTimePicker
                    label={t('effectiveAtLabel')}
                    required
                    clearable
                    valueFormat="YYYY-MM-DD HH:mm"
                    leftSection={<IconClockHour4 size={16} aria-hidden />}
                    minDate={dayjs(now).subtract(1, 'minute').format(PICKER_FORMAT)}
                    presets={presets}
                    submitButtonProps={{ 'aria-label': t('pickerDone') }}
                    timePickerProps={{ hoursInputLabel: t('hours'), minutesInputLabel: t('minutes') }}
                    {...form.getInputProps('effectiveAt')}
                  />
                )}
              </Stack>
            </Group>
            <Text size="sm" c="dimmed">{t('toleranceHint')}</Text>
            {outcome && (
              <Alert color={outcome === 'PAST' ? 'red' : outcome === 'SCHEDULED' ? 'blue' : 'green'} variant="light" role="status" aria-live="polite" data-testid="publish-outcome">
                {outcome === 'PAST'
                  ? t('outcomePast')
                  : outcome === 'SCHEDULED' && at
                    ? t('outcomeScheduled', { at: formatDateTime(at.toISOString()), relative: formatRelative(at.toISOString(), now.getTime()) })
                    : current
                      ? t('outcomeNowReplaces', { version: current.version })
                      : t('outcomeNow')}
              </Alert>
            )}
            {current && (
              <Group>
                <Button variant="default" size="xs" leftSection={<IconFileImport size={14} aria-hidden />} loading={copying} onClick={() => void copyCurrent()} title={t('copyCurrentHint', { version: current.version })}>
                  {t('copyCurrent')}
                </Button>
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Textarea
                label={t('content')}
                required
                autosize
                minRows={16}
                maxRows={32}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                description={t('characters', { count: values.content.length, max: CONTENT_MAX })}
                {...form.getInputProps('content')}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="legal-preview-title">{t('preview')}</Text>
                <Paper withBorder p="md" radius="md" component="section" aria-labelledby="legal-preview-title" mih={200} style={{ overflow: 'auto', maxHeight: 720 }}>
                  {preview.trim() ? <MarkdownDocument source={preview} /> : <Text size="sm" c="dimmed">{t('previewEmpty')}</Text>}
                </Paper>
              </Stack>
            </SimpleGrid>
            <ErrorAlert error={showError} />
            <Group justify="flex-end">
              <Button type="submit" loading={publish.isPending}>{t('submit')}</Button>
            </Group>
          </Stack>
        </DatesProvider>
      </form>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('confirmTitle', { kind: kindName, version: values.version.trim() })}
        confirmLabel={t('submit')}
        color="blue"
        onClose={() => setConfirming(null)}
        loading={publish.isPending}
        onConfirm={send}
      >
        {confirming === 'SCHEDULED' && at
          ? t('confirmScheduled', { kind: kindName, version: values.version.trim(), at: formatDateTime(at.toISOString()) })
          : t('confirmNow', { kind: kindName, version: values.version.trim() })}
      </ConfirmDialog>
    </Stack>
  );
};
