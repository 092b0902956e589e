import { Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useChangeStoreTicketStatus, useStoreTicket, type TicketStatus } from '../api/support-api';
import { statusMoves } from '../status-rules';
import { BackLink, TicketBody, TicketHeading, useSeenTicket } from './ticket-detail-parts';
import { TicketConversation } from './ticket-conversation';
import { TicketFiles } from './ticket-files';
import '../hq-support.messages';

/** /hq/support/store-tickets/:ticketId (one page per ticket: its "seen" state starts with it). */
export const StoreTicketDetailPage = () => {
  const { ticketId = '' } = useParams();
  return <StoreTicketDetail key={ticketId} id={ticketId} />;
};

/** A store's ticket as its HQ handles it: reply, attach, move along the status table. */
const StoreTicketDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation('hq-support');
  const ticket = useStoreTicket(id);
  const data = ticket.data;
  const seenBefore = useSeenTicket(id, data?.updatedAt);
  return (
    <Stack maw={920}>
      <BackLink to="/hq/support/store-tickets">{t('backStore')}</BackLink>
      {ticket.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={ticket.error} />
      {data && (
        <>
          <TicketHeading ticket={data} storeName={data.storeName} />
          <StatusActions id={id} status={data.status} />
          <TicketBody body={data.body} />
          <TicketFiles channel="store" ticketId={id} attachments={data.attachments} />
          <Divider />
          <TicketConversation channel="store" ticketId={id} comments={data.comments} storeName={data.storeName} seenBefore={seenBefore} />
        </>
      )}
    </Stack>
  );
};

/** Only the moves the ticket status table allows from the current status (the server's table). */
const StatusActions = ({ id, status }: { id: string; status: TicketStatus }) => {
  const { t } = useTranslation('hq-support');
  const change = useChangeStoreTicketStatus(id);
  return (
    <Stack gap="xs" component="section" aria-label={t('statusActions')}>
      <Group gap="sm">
        <Text size="sm" fw={500}>{t('statusActions')}</Text>
        {statusMoves(status).map((move) => (
          <Button
            key={move.to}
            size="xs"
            variant={move.action === 'REOPEN' ? 'default' : 'light'}
            loading={change.isPending && change.variables === move.to}
            disabled={change.isPending && change.variables !== move.to}
            onClick={() =>
              change.mutate(move.to, {
                onSuccess: (saved) => notifications.show({ color: 'green', message: t('moved', { status: t(`status.${saved.status}`) }) }),
              })
            }
          >
            {t(`move.${move.action}`)}
          </Button>
        ))}
      </Group>
      <ErrorAlert error={change.error} />
    </Stack>
  );
};
