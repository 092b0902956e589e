import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { TicketCommentForm } from '../../tickets/components/ticket-comment-form';
import { useAddComment, type TicketComment } from '../api/tickets-api';
import '../store-tickets.messages';

/** The replies of a ticket, oldest first, each with who wrote it, and the form to add one. */
export const TicketComments = ({ ticketId, comments }: { ticketId: string; comments: TicketComment[] }) => {
  const { t } = useTranslation('store-tickets');
  const add = useAddComment(ticketId);
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
      <TicketCommentForm add={add} label={t('addComment')} />
    </Stack>
  );
};
