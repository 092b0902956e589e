import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { BODY_MAX, useAddComment, type TicketComment } from '../api/tickets-api';
import '../store-tickets.messages';

/** The replies of a ticket, oldest first, each with who wrote it, and the form to add one. */
export const TicketComments = ({ ticketId, comments }: { ticketId: string; comments: TicketComment[] }) => {
  const { t } = useTranslation('store-tickets');
  const add = useAddComment(ticketId);
  const form = useForm({
    initialValues: { body: '' },
    validate: { body: (v) => (v.trim().length === 0 ? t('commentRequired') : v.trim().length > BODY_MAX ? t('commentTooLong') : null) },
  });
  return (
    <Stack component="section" aria-labelledby="ticket-comments">
      <Title order={2} size="h4" id="ticket-comments">{t('conversation')}</Title>
      {comments.length === 0 && <Text c="dimmed" size="sm">{t('noComments')}</Text>}
      <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {comments.map((c) => (
          <Paper component="li" key={c.id} withBorder p="sm" radius="md" bg={c.authorRole === 'STORE_MANAGER' ? undefined : 'var(--mantine-color-blue-light)'}>
            <Text size="xs" c="dimmed" mb={4}>{t('commentFrom', { role: t(`authorRole.${c.authorRole}`), time: formatDateTime(c.createdAt) })}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.body}</Text>
          </Paper>
        ))}
      </Stack>
      <form
        noValidate
        onSubmit={form.onSubmit(({ body }) =>
          add.mutate(body.trim(), {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('commented') });
              form.reset();
            },
            onError: (err) => form.setErrors(fieldErrors(err)),
          }),
        )}
      >
        <Stack>
          <Textarea
            label={t('addComment')}
            required
            autosize
            minRows={3}
            description={t('common:lengthCounter', { count: form.values.body.length, max: BODY_MAX })}
            {...form.getInputProps('body')}
          />
          <ErrorAlert error={add.error} />
          <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>{t('sendComment')}</Button>
        </Stack>
      </form>
    </Stack>
  );
};
