import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, fieldErrors } from '../../../lib/errors/api-error';
import { useEmailTemplatePreview, useTestSend, type EmailTemplateType } from '../api/email-templates-api';
import { recipientProblem, testSendOutcome } from '../test-send-rules';
import '../email-templates.messages';

const OUTCOME_COLOR = { DELIVERED: 'green', NOT_CONFIGURED: 'yellow', FAILED: 'red' } as const;

/** /admin/email-templates/:type — the rendered email in a sandboxed frame, and a test send to one address. */
export const EmailTemplatePage = ({ type }: { type: EmailTemplateType }) => {
  const { t } = useTranslation('email-templates');
  const preview = useEmailTemplatePreview(type);
  const send = useTestSend(type);
  const label = t(`types.${type}`);
  const form = useForm({
    initialValues: { to: '' },
    validate: {
      to: (v) => {
        const problem = recipientProblem(v);
        return problem ? { REQUIRED: t('toRequired'), TOO_LONG: t('toTooLong'), INVALID: t('toInvalid') }[problem] : null;
      },
    },
  });
  const outcome = send.data ? testSendOutcome(send.data) : null;
  const shownError = send.error instanceof ApiError && send.error.code === 'VALIDATION_FAILED' && fieldErrors(send.error).to ? null : send.error;

  return (
    <Stack maw={1100}>
      <Anchor component={Link} to="/admin/email-templates" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back')}</Group>
      </Anchor>
      <Title order={1} size="h2">{label}</Title>
      <ErrorAlert error={preview.error} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="email-preview-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="email-preview-title">{t('preview')}</Title>
          {preview.isPending && <Loader aria-label={t('common:loading')} />}
          {preview.data && (
            <>
              <Text fw={500} data-testid="preview-subject">{t('subjectLine', { subject: preview.data.subject })}</Text>
              {/* sandbox="" with no tokens: the email's HTML runs no script and gets an opaque origin. */}
              <iframe
                title={t('previewFrame', { label })}
                sandbox=""
                srcDoc={preview.data.html}
                referrerPolicy="no-referrer"
                style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: '#fff' }}
              />
              <Text size="xs" c="dimmed">{t('previewNote')}</Text>
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="test-send-title">
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            send.mutate(v.to, { onError: (err) => form.setErrors(fieldErrors(err)) }),
          )}
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="test-send-title">{t('testSend')}</Title>
            <Text size="sm" c="dimmed">{t('testSendIntro')}</Text>
            <Group align="flex-start">
              <TextInput label={t('to')} type="email" required w={360} {...form.getInputProps('to')} />
              <Button type="submit" mt={25} leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending}>{t('send')}</Button>
            </Group>
            {outcome && send.variables && (
              <Alert color={OUTCOME_COLOR[outcome]} role="status" aria-live="polite" data-testid="test-send-outcome">
                {t(`outcome.${outcome}`, { to: send.variables.trim() })}
              </Alert>
            )}
            <ErrorAlert error={shownError} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};
