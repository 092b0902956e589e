import { Anchor, Badge, Button, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useUploadAttachment, type TicketAttachment } from '../api/tickets-api';
import { ATTACHMENT_TYPES, ATTACHMENTS_PER_TICKET, attachmentProblem, formatBytes, type AttachmentProblem } from '../attachment-rules';
import '../store-tickets.messages';

const PROBLEM_KEY: Record<AttachmentProblem, string> = { LIMIT: 'fileLimit', TYPE: 'fileType', EMPTY: 'fileEmpty', SIZE: 'fileSize10' };

/** The ticket's files with download links, and an upload checked for type, size and count first. */
export const TicketAttachments = ({ ticketId, attachments }: { ticketId: string; attachments: TicketAttachment[] }) => {
  const { t } = useTranslation('store-tickets');
  const upload = useUploadAttachment(ticketId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const full = attachments.length >= ATTACHMENTS_PER_TICKET;

  const choose = (chosen: File | null) => {
    upload.reset();
    setFile(chosen);
    const found = chosen ? attachmentProblem(chosen, attachments.length) : null;
    setProblem(found ? t(PROBLEM_KEY[found]) : null);
  };

  const send = () => {
    if (!file) {
      setProblem(t('fileRequired'));
      return;
    }
    const found = attachmentProblem(file, attachments.length);
    if (found) {
      setProblem(t(PROBLEM_KEY[found]));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('uploaded') });
        setFile(null);
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby="ticket-attachments">
      <Group gap="xs">
        <Title order={2} size="h4" id="ticket-attachments">{t('attachments')}</Title>
        <Badge variant="light" color={full ? 'red' : 'gray'}>{t('attachmentsCount', { count: attachments.length, max: ATTACHMENTS_PER_TICKET })}</Badge>
      </Group>
      {attachments.length === 0 ? (
        <Text c="dimmed" size="sm">{t('noAttachments')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('attachmentsTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fileName')}</Table.Th>
                <Table.Th>{t('fileSize')}</Table.Th>
                <Table.Th>{t('createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attachments.map((a) => (
                <Table.Tr key={a.attId}>
                  <Table.Td>
                    <Anchor href={a.downloadUrl} target="_blank" rel="noopener noreferrer" download={a.fileName} aria-label={t('downloadLabel', { name: a.fileName })}>
                      {a.fileName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatBytes(a.sizeBytes)}</Table.Td>
                  <Table.Td>{formatDateTime(a.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {full ? (
        <Text size="sm" c="dimmed">{t('fileLimit')}</Text>
      ) : (
        <Group align="flex-end">
          <FileInput
            label={t('chooseFile')}
            description={t('chooseFileHint')}
            accept={ATTACHMENT_TYPES.join(',')}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            value={file}
            onChange={choose}
            error={problem}
            clearable
            style={{ flex: 1 }}
          />
          <Button onClick={send} loading={upload.isPending} disabled={problem !== null && file !== null}>{t('upload')}</Button>
        </Group>
      )}
      <ErrorAlert error={upload.error} />
    </Stack>
  );
};
