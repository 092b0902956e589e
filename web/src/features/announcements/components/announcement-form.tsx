import { Alert, Button, Group, NumberInput, Select, Slider, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { TEMPO_DEFAULT, TEMPO_MAX, TEMPO_MIN, TEXT_MAX, TITLE_MAX, useSaveAnnouncement, type Announcement, type AnnouncementBody, type TonePreset, type Voice } from '../api/announcements-api';
import { needsResynthesis } from '../resynthesis';
import { allowedPreset } from '../voice-names';
import { SynthesisProgress } from './synthesis-progress';
import { useVoiceNames } from './use-voice-names';
import '../announcements.messages';

interface Values {
  title: string;
  text: string;
  voice: Voice | null;
  tonePreset: TonePreset;
  tempo: number;
}

const MARKS = [0.5, 1, 1.5, 2].map((value) => ({ value, label: `${value}×` }));

/**
 * Create (no `stored`) or full-replace (PUT) an announcement: title, text with a counter, voice,
 * the presets that voice allows, tempo. Editing says before saving when the audio is made again.
 */
export const AnnouncementForm = ({ stored, onSaved, onCancel }: { stored?: Announcement; onSaved: (saved: Announcement) => void; onCancel: () => void }) => {
  const { t } = useTranslation('announcements');
  const names = useVoiceNames();
  const save = useSaveAnnouncement();
  const voices = names.voices.data?.voices ?? [];
  const form = useForm<Values>({
    initialValues: stored
      ? { title: stored.title, text: stored.text, voice: stored.voice, tonePreset: stored.tonePreset, tempo: stored.tempo }
      : { title: '', text: '', voice: null, tonePreset: 'NORMAL', tempo: TEMPO_DEFAULT },
    validate: {
      title: (v) => (v.trim().length === 0 ? t('titleRequired') : v.length > TITLE_MAX ? t('titleTooLong') : null),
      text: (v) => (v.trim().length === 0 ? t('textRequired') : v.length > TEXT_MAX ? t('textTooLong') : null),
      voice: (v) => (v ? null : t('voiceRequired')),
      tempo: (v) => (typeof v !== 'number' || Number.isNaN(v) || v < TEMPO_MIN || v > TEMPO_MAX ? t('tempoRange') : null),
    },
  });
  const presets = voices.find((v) => v.voice === form.values.voice)?.presets.map((p) => p.preset) ?? ['NORMAL'];

  // A voice allows only some presets: one the new voice does not have becomes NORMAL.
  useEffect(() => {
    if (!form.values.voice || voices.length === 0) return;
    const next = allowedPreset(presets, form.values.tonePreset);
    if (next !== form.values.tonePreset) form.setFieldValue('tonePreset', next);
  }, [form.values.voice, voices.length]);

  // Before a voice is chosen the field shows NORMAL, which every voice has, by any voice's name for it.
  const presetVoice = form.values.voice ?? voices[0]?.voice;

  const resynthesizes = stored !== undefined && form.values.voice !== null && needsResynthesis(stored, { ...form.values, voice: form.values.voice });

  const submit = (values: Values) => {
    const body: AnnouncementBody = { title: values.title.trim(), text: values.text.trim(), voice: values.voice!, tonePreset: values.tonePreset, tempo: Math.round(values.tempo * 100) / 100 };
    save.mutate({ id: stored?.id, body }, { onSuccess: onSaved, onError: (err) => form.setErrors(fieldErrors(err)) });
  };

  const synthesizing = save.isPending && (stored === undefined || resynthesizes);
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <TextInput label={t('titleField')} required description={t('common:lengthCounter', { count: form.values.title.length, max: TITLE_MAX })} {...form.getInputProps('title')} />
        <Textarea
          label={t('text')}
          required
          autosize
          minRows={4}
          maxRows={12}
          description={<span aria-live="polite">{t('common:lengthCounter', { count: form.values.text.length, max: TEXT_MAX })}</span>}
          {...form.getInputProps('text')}
        />
        <Group grow align="flex-start">
          <Select
            label={t('voice')}
            required
            allowDeselect={false}
            placeholder={names.voices.isPending ? t('common:loading') : t('voicePlaceholder')}
            data={voices.map((v) => ({ value: v.voice, label: names.voice(v.voice, v.voiceDisplayName) }))}
            disabled={names.voices.isPending}
            {...form.getInputProps('voice')}
          />
          <Select
            label={t('tonePreset')}
            description={t('tonePresetHint')}
            allowDeselect={false}
            data={presets.map((p) => ({ value: p, label: presetVoice ? names.preset(presetVoice, p) : p }))}
            disabled={!form.values.voice}
            {...form.getInputProps('tonePreset')}
          />
        </Group>
        <ErrorAlert error={names.voices.error} />
        <Stack gap={4}>
          <Group align="flex-end" wrap="nowrap">
            <Stack gap={4} style={{ flex: 1 }}>
              <Text size="sm" fw={500} id="tempo-label">{t('tempo')}</Text>
              <Slider
                min={TEMPO_MIN}
                max={TEMPO_MAX}
                step={0.05}
                marks={MARKS}
                label={(v) => `${v.toFixed(2)}×`}
                thumbLabel={t('tempo')}
                value={form.values.tempo}
                onChange={(v) => form.setFieldValue('tempo', v)}
                mb="lg"
              />
            </Stack>
            <NumberInput
              aria-label={t('tempoNumber')}
              w={110}
              min={TEMPO_MIN}
              max={TEMPO_MAX}
              step={0.05}
              decimalScale={2}
              clampBehavior="blur"
              suffix="×"
              value={form.values.tempo}
              onChange={(v) => form.setFieldValue('tempo', typeof v === 'number' ? v : Number(v))}
              error={form.errors.tempo}
            />
          </Group>
          <Text size="xs" c="dimmed">{t('tempoHint')}</Text>
        </Stack>
        {resynthesizes && (
          <Alert color="yellow" icon={<IconRefresh aria-hidden />} data-testid="resynthesis-notice">{t('resynthesisNotice')}</Alert>
        )}
        <SynthesisProgress active={synthesizing} />
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>{t('common:cancel')}</Button>
          <Button type="submit" loading={save.isPending}>{stored ? t('saveChanges') : t('createSubmit')}</Button>
        </Group>
      </Stack>
    </form>
  );
};
