import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/i18n/format-time';
import type { TicketCategory, TicketPriority, TicketStatus } from '../api/support-api';
import { markTicketSeen, readSeen } from '../support-seen';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import '../hq-support.messages';

export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} size="sm">
    <Group gap={4}><IconArrowLeft size={14} aria-hidden />{children}</Group>
  </Anchor>
);

/** The title (the page's one h1), status, read-only priority, where it came from and when. */
export const TicketHeading = ({ ticket, storeName }: {
  ticket: { title: string; status: TicketStatus; priority: TicketPriority; category: TicketCategory | null; createdAt: string; updatedAt: string };
  storeName?: string | null;
}) => {
  const { t } = useTranslation('hq-support');
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Title order={1} size="h2">{ticket.title}</Title>
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
      </Group>
      <Text size="sm" c="dimmed">
        {storeName !== undefined ? `${t('store')} ${storeName ?? t('unknownStore')} · ` : ''}
        {ticket.category ? t(`category.${ticket.category}`) : t('uncategorized')} · {t('createdAt')} {formatDateTime(ticket.createdAt)} · {t('updatedAt')} {formatDateTime(ticket.updatedAt)}
      </Text>
    </Stack>
  );
};

export const TicketBody = ({ body }: { body: string }) => {
  const { t } = useTranslation('hq-support');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('detailBody')}>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{body}</Text>
    </Paper>
  );
};

/**
 * What this browser had seen of the ticket when the page opened (for "new" marks), and the
 * ticket recorded as seen in its current state from then on.
 */
export const useSeenTicket = (id: string, updatedAt: string | undefined): string | null => {
  const [seenBefore] = useState(() => readSeen().tickets[id] ?? null);
  useEffect(() => {
    if (updatedAt) markTicketSeen(id, updatedAt);
  }, [id, updatedAt]);
  return seenBefore;
};
