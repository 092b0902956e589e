import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { isNewer } from '../../store-tickets/last-seen';
import { TicketCommentForm } from '../../tickets/components/ticket-comment-form';
import { useAddComment, type Channel, type TicketComment } from '../api/support-api';
import { NewBadge } from './ticket-badges';
import '../hq-support.messages';

const ROLE_COLOR: Record<TicketComment['authorRole'], string> = { STORE_MANAGER: 'teal', OPERATOR: 'violet', HQ_MANAGER: 'blue' };
const ROLE_BG: Record<TicketComment['authorRole'], string | undefined> = {
  STORE_MANAGER: undefined,
  OPERATOR: 'var(--mantine-color-violet-light)',
  HQ_MANAGER: 'var(--mantine-color-blue-light)',
};

/**
 * The replies of a ticket, oldest first, each saying who wrote it (the store's manager, a
 * Storecast operator or the HQ), those after `seenBefore` marked new; and the reply form.
 */
export const TicketConversation = ({ channel, ticketId, comments, storeName, seenBefore }: {
  channel: Channel;
  ticketId: string;
  comments: TicketComment[];
  storeName?: string | null;
  /** The ticket's updatedAt when this browser last opened it (null: never). */
  seenBefore: string | null;
}) => {
  const { t } = useTranslation('hq-support');
  const add = useAddComment(channel, ticketId);
  return (
    <Stack component="section" aria-labelledby="ticket-comments">
      <Title order={2} size="h4" id="ticket-comments">{t('conversation')}</Title>
      {comments.length === 0 && <Text c="dimmed" size="sm">{t('noComments')}</Text>}
      <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('conversation')}>
        {comments.map((c) => {
          const role = t(`authorRole.${c.authorRole}`);
          const time = formatDateTime(c.createdAt);
          return (
            <Paper component="li" key={c.id} withBorder p="sm" radius="md" bg={ROLE_BG[c.authorRole]} data-author-role={c.authorRole}>
              <Group gap="xs" mb={4}>
                <Badge size="sm" variant="light" color={ROLE_COLOR[c.authorRole]}>{role}</Badge>
                <Text size="xs" c="dimmed">
                  {c.authorRole === 'STORE_MANAGER' && storeName ? t('commentFromStore', { store: storeName, time }) : time}
                </Text>
                {c.authorRole !== 'HQ_MANAGER' && isNewer(c.createdAt, seenBefore) && <NewBadge />}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.body}</Text>
            </Paper>
          );
        })}
      </Stack>
      <TicketCommentForm add={add} label={channel === 'store' ? t('addCommentStore') : t('addComment')} />
    </Stack>
  );
};
