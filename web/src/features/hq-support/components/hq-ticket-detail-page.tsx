import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCloseHqTicket, useHqTicket } from '../api/support-api';
import { canCloseOwn } from '../status-rules';
import { BackLink, TicketBody, TicketHeading, useSeenTicket } from './ticket-detail-parts';
import { TicketConversation } from './ticket-conversation';
import { TicketFiles } from './ticket-files';
import '../hq-support.messages';

/** /hq/support/tickets/:ticketId (one page per ticket: its "seen" state starts with it). */
export const HqTicketDetailPage = () => {
  const { ticketId = '' } = useParams();
  return <HqTicketDetail key={ticketId} id={ticketId} />;
};

/** The HQ's own ticket: replies with the operators, files, and closing it once resolved. */
const HqTicketDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation('hq-support');
  const ticket = useHqTicket(id);
  const close = useCloseHqTicket(id);
  const [confirming, setConfirming] = useState(false);
  const data = ticket.data;
  const seenBefore = useSeenTicket(id, data?.updatedAt);
  return (
    <Stack maw={920}>
      <BackLink to="/hq/support/tickets">{t('backHq')}</BackLink>
      {ticket.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={ticket.error} />
      {data && (
        <>
          <TicketHeading ticket={data} />
          {canCloseOwn(data.status) && (
            <Alert color="green" variant="light">
              <Group justify="space-between">
                <Text size="sm">{t('closeOwnHint')}</Text>
                <Button size="xs" onClick={() => { close.reset(); setConfirming(true); }}>{t('closeOwn')}</Button>
              </Group>
            </Alert>
          )}
          <TicketBody body={data.body} />
          <TicketFiles channel="hq" ticketId={id} attachments={data.attachments} />
          <Divider />
          <TicketConversation channel="hq" ticketId={id} comments={data.comments} seenBefore={seenBefore} />
          <ConfirmDialog
            opened={confirming}
            title={t('closeOwnTitle')}
            confirmLabel={t('closeOwn')}
            cancelLabel={t('keepOpen')}
            color="blue"
            onClose={() => setConfirming(false)}
            loading={close.isPending}
            error={close.error}
            onConfirm={() =>
              close.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('closedOwn') });
                  setConfirming(false);
                },
              })
            }
          >
            {t('closeOwnBody', { title: data.title })}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
};
