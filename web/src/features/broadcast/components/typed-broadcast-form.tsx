import { Alert, Button, Select, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { BROADCAST_TEXT_MAX, usePreview, useTemplates, type Draft, type Voice } from '../api/broadcast-api';
import { VoiceSelect } from './voice-select';
import '../broadcast.messages';

interface TypedValues {
  text: string;
  voice: Voice;
  isEmergency: boolean;
}

export const broadcastTextRule = (t: (key: string) => string) => (v: string) =>
  v.trim().length === 0 ? t('broadcast:textRequired') : v.length > BROADCAST_TEXT_MAX ? t('broadcast:textTooLong') : null;

/** Text, voice and emergency, optionally filled from a template (?templateId= too), synthesized into a draft. */
export const TypedBroadcastForm = ({ onDraft }: { onDraft: (draft: Draft) => void }) => {
  const { t } = useTranslation('broadcast');
  const [params, setParams] = useSearchParams();
  const templates = useTemplates();
  const preview = usePreview();
  const form = useForm<TypedValues>({
    initialValues: { text: '', voice: 'SHEAN', isEmergency: false },
    validate: { text: broadcastTextRule(t), voice: (v) => (v ? null : t('voiceRequired')) },
  });
  const requested = params.get('templateId');
  const applied = useRef<string | null>(null);
  const missing = requested !== null && templates.isSuccess && !templates.data.items.some((i) => i.id === requested);

  const applyTemplate = (id: string | null) => {
    const template = templates.data?.items.find((i) => i.id === id);
    if (template) form.setValues({ text: template.text, voice: template.voice });
  };

  // "Use" on the templates page navigates here with ?templateId=: fill it in once it is loaded.
  useEffect(() => {
    if (!requested || applied.current === requested || !templates.isSuccess) return;
    applied.current = requested;
    applyTemplate(requested);
  }, [requested, templates.isSuccess]);

  const submit = (values: TypedValues) =>
    preview.mutate(
      { text: values.text.trim(), voice: values.voice, isEmergency: values.isEmergency },
      {
        onSuccess: (draft) => onDraft(draft),
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );

  const items = templates.data?.items ?? [];
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        {missing && <Alert color="yellow">{t('templateNotFound')}</Alert>}
        <Select
          label={t('template')}
          placeholder={items.length ? t('templatePlaceholder') : t('templatesEmpty')}
          data={items.map((i) => ({ value: i.id, label: i.name }))}
          value={requested && !missing ? requested : null}
          onChange={(id) => {
            applyTemplate(id);
            setParams(id ? { templateId: id } : {}, { replace: true });
          }}
          disabled={templates.isPending || items.length === 0}
          clearable
          searchable
        />
        <ErrorAlert error={templates.error} />
        <Textarea
          label={t('text')}
          required
          autosize
          minRows={3}
          maxRows={8}
          description={t('common:lengthCounter', { count: form.values.text.length, max: BROADCAST_TEXT_MAX })}
          {...form.getInputProps('text')}
        />
        <VoiceSelect required {...form.getInputProps('voice')} />
        <Switch label={t('emergency')} description={t('emergencyHint')} {...form.getInputProps('isEmergency', { type: 'checkbox' })} />
        <ErrorAlert error={preview.error} />
        <Button type="submit" loading={preview.isPending} style={{ alignSelf: 'flex-start' }}>{t('preview')}</Button>
      </Stack>
    </form>
  );
};
