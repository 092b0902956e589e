import { Anchor, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { TicketFiles } from '../../tickets/components/ticket-files';
import { useAdminTicket, useDownloadAttachment, useUploadAttachment, type AdminTicketDetail } from '../api/admin-tickets-api';
import { sourceOf } from '../ticket-list-params';
import { PriorityBadge, SourceBadge, StatusBadge } from './ticket-badges';
import { TicketHandling } from './ticket-handling';
import { TicketReplyForm } from './ticket-reply-form';
import { TicketThread } from './ticket-thread';
import '../../tickets/tickets.messages';
import '../admin-tickets.messages';

/** /admin/tickets/:ticketId (one page per ticket: its forms start empty for each). */
export const AdminTicketDetailPage = () => {
  const { ticketId = '' } = useParams();
  return <AdminTicketDetail key={ticketId} id={ticketId} />;
};

const AdminTicketDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-tickets');
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch;
  const ticket = useAdminTicket(id);
  const data = ticket.data;
  return (
    <Stack maw={960}>
      <Anchor component={Link} to={listSearch ? `/admin/tickets?${listSearch}` : '/admin/tickets'} size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back')}</Group>
      </Anchor>
      {ticket.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={ticket.error} />
      {data && (
        <>
          <TicketHeading ticket={data} />
          <TicketHandling ticket={data} />
          <Paper withBorder p="md" radius="md" component="section" aria-label={t('detailBody')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{data.body}</Text>
          </Paper>
          <Attachments ticket={data} />
          <Divider />
          <Stack component="section" aria-labelledby="ticket-thread">
            <TicketThread comments={data.comments} />
            <TicketReplyForm ticketId={data.id} />
          </Stack>
        </>
      )}
    </Stack>
  );
};

/** The title (the page's one h1), status, priority, where it came from and when. */
const TicketHeading = ({ ticket }: { ticket: AdminTicketDetail }) => {
  const { t } = useTranslation('admin-tickets');
  const source = sourceOf(ticket);
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Title order={1} size="h2">{ticket.title}</Title>
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
      </Group>
      <Group gap="xs">
        <SourceBadge source={source} />
        {ticket.storeName && <Text size="sm">{ticket.storeName}</Text>}
        {ticket.hqName && <Text size="sm" c="dimmed">{source === 'STORE' ? `(${ticket.hqName})` : ticket.hqName}</Text>}
      </Group>
      <Text size="sm" c="dimmed">
        {ticket.category ? t(`tickets:category.${ticket.category}`) : t('uncategorized')} · {t(`filedBy.${ticket.createdByRole}`, { time: formatDateTime(ticket.createdAt) })} · {t('updatedAt')} {formatDateTime(ticket.updatedAt)}
      </Text>
    </Stack>
  );
};

/** The shared file list and upload (5 types, 10 MB, 5 files checked first); files of INTERNAL notes named apart. */
const Attachments = ({ ticket }: { ticket: AdminTicketDetail }) => {
  const { t } = useTranslation('admin-tickets');
  const upload = useUploadAttachment(ticket.id);
  const download = useDownloadAttachment(ticket.id);
  const internal = ticket.attachments.filter((a) => a.visibility === 'INTERNAL');
  return (
    <Stack gap="xs">
      <TicketFiles attachments={ticket.attachments} upload={upload} download={download} />
      {internal.length > 0 && (
        <Group gap={4} data-testid="internal-attachments">
          <IconLock size={14} aria-hidden />
          <Text size="sm" c="yellow.9">{t('internalFiles', { names: internal.map((a) => a.fileName).join(', ') })}</Text>
        </Group>
      )}
    </Stack>
  );
};
