import { Alert, Anchor, Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { readUnreadSignal, ticketKeys, useCloseTicket, useTicket, type TicketDetail } from '../api/tickets-api';
import { markRepliesSeen } from '../last-seen';
import { TicketAttachments } from './ticket-attachments';
import { TicketComments } from './ticket-comments';
import { TicketStatusBadge } from './ticket-status-badge';
import '../store-tickets.messages';

/** Opening a ticket counts as having seen the operator's replies up to the signal's latest. */
const useMarkSeen = (ticket: TicketDetail | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ticket) return;
    const replies = ticket.comments.filter((c) => c.authorRole !== 'STORE_MANAGER').map((c) => c.createdAt);
    for (const at of replies) markRepliesSeen(at);
    void queryClient
      .fetchQuery({ queryKey: ticketKeys.signal(), queryFn: readUnreadSignal, staleTime: 0 })
      .then((signal) => markRepliesSeen(signal.latestOperatorReplyAt))
      .catch(() => undefined);
  }, [ticket, queryClient]);
};

/** /player/tickets/:ticketId: the message, status, replies, attachments, and "close" once resolved. */
export const TicketDetailPage = () => {
  const { t } = useTranslation('store-tickets');
  const { ticketId = '' } = useParams();
  const ticket = useTicket(ticketId);
  const close = useCloseTicket(ticketId);
  const [confirming, setConfirming] = useState(false);
  useMarkSeen(ticket.data);
  const data = ticket.data;

  return (
    <Stack maw={880}>
      <Anchor component={Link} to="/player/tickets" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back')}</Group>
      </Anchor>
      {ticket.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={ticket.error} />
      {data && (
        <>
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} size="h2">{data.title}</Title>
              <TicketStatusBadge status={data.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {data.category ? t(`category.${data.category}`) : t('uncategorized')} · {t('createdAt')} {formatDateTime(data.createdAt)} · {t('updatedAt')} {formatDateTime(data.updatedAt)}
            </Text>
          </Stack>
          {data.status === 'RESOLVED' && (
            <Alert color="green" variant="light">
              <Group justify="space-between">
                <Text size="sm">{t('closeHint')}</Text>
                <Button size="xs" onClick={() => { close.reset(); setConfirming(true); }}>{t('close')}</Button>
              </Group>
            </Alert>
          )}
          <Paper withBorder p="md" radius="md" component="section" aria-label={t('detailBody')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{data.body}</Text>
          </Paper>
          <TicketAttachments ticketId={data.id} attachments={data.attachments} />
          <Divider />
          <TicketComments ticketId={data.id} comments={data.comments} />
          <ConfirmDialog
            opened={confirming}
            title={t('closeTitle')}
            confirmLabel={t('close')}
            cancelLabel={t('keepOpen')}
            color="blue"
            onClose={() => setConfirming(false)}
            loading={close.isPending}
            error={close.error}
            onConfirm={() =>
              close.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('closed') });
                  setConfirming(false);
                },
              })
            }
          >
            {t('closeBody', { title: data.title })}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
};
