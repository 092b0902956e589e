import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format-time';
import type { AdminTicketComment } from '../api/admin-tickets-api';
import '../admin-tickets.messages';

const ROLE_COLOR: Record<AdminTicketComment['authorRole'], string> = { STORE_MANAGER: 'teal', HQ_MANAGER: 'blue', OPERATOR: 'violet' };

/**
 * The ticket's comments, oldest first. An INTERNAL note stands apart in colour, border, icon and
 * words ("not shown to the customer"), so it is told from a REPLY by sight and by screen reader.
 */
export const TicketThread = ({ comments }: { comments: AdminTicketComment[] }) => {
  const { t } = useTranslation('admin-tickets');
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="ticket-thread">{t('conversation')}</Title>
      {comments.length === 0 && <Text c="dimmed" size="sm">{t('noComments')}</Text>}
      <Stack component="ol" gap="sm" aria-labelledby="ticket-thread" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {comments.map((c) => {
          const internal = c.kind === 'INTERNAL';
          return (
            <Paper
              component="li"
              key={c.id}
              withBorder
              p="sm"
              radius="md"
              data-kind={c.kind}
              data-author-role={c.authorRole}
              // The kind first, as a screen reader reads the item.
              aria-label={`${t(`kind.${c.kind}`)}. ${t(`authorRole.${c.authorRole}`)}, ${formatDateTime(c.createdAt)}`}
              bg={internal ? 'var(--mantine-color-yellow-light)' : c.authorRole === 'OPERATOR' ? 'var(--mantine-color-violet-light)' : undefined}
              style={internal ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-7)', borderWidth: 2 } : undefined}
            >
              <Group gap="xs" mb={4}>
                <Badge
                  size="sm"
                  color={internal ? 'yellow' : 'blue'}
                  variant={internal ? 'filled' : 'light'}
                  leftSection={internal ? <IconLock size={12} aria-hidden /> : <IconMessageCircle size={12} aria-hidden />}
                  autoContrast
                >
                  {t(`kind.${c.kind}`)}
                </Badge>
                <Badge size="sm" variant="outline" color={ROLE_COLOR[c.authorRole]}>{t(`authorRole.${c.authorRole}`)}</Badge>
                <Text size="xs" c="dimmed">{formatDateTime(c.createdAt)}</Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.body}</Text>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
};
