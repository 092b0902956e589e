import { Anchor, Badge, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { ATTACHMENT_TYPES, ATTACHMENTS_PER_TICKET, attachmentProblem, formatBytes, type AttachmentProblem } from '../../store-tickets/attachment-rules';
import { useDownloadAttachment, useUploadAttachment, type Channel, type TicketAttachment } from '../api/support-api';
import '../hq-support.messages';

const PROBLEM_KEY: Record<AttachmentProblem, string> = { LIMIT: 'fileLimit', TYPE: 'fileType', EMPTY: 'fileEmpty', SIZE: 'fileSize10' };

/**
 * The ticket's files, downloaded through the API with the session (a fresh link each time), and
 * an upload checked for the 5 types, 10 MB and 5 files before anything is sent.
 */
export const TicketFiles = ({ channel, ticketId, attachments }: { channel: Channel; ticketId: string; attachments: TicketAttachment[] }) => {
  const { t } = useTranslation('hq-support');
  const upload = useUploadAttachment(channel, ticketId);
  const download = useDownloadAttachment(channel, ticketId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const full = attachments.length >= ATTACHMENTS_PER_TICKET;

  const check = (chosen: File) => {
    const found = attachmentProblem(chosen, attachments.length);
    return found ? t(PROBLEM_KEY[found]) : null;
  };
  const choose = (chosen: File | null) => {
    upload.reset();
    setFile(chosen);
    setProblem(chosen ? check(chosen) : null);
  };
  const send = () => {
    if (!file) {
      setProblem(t('fileRequired'));
      return;
    }
    const found = check(file);
    if (found) {
      setProblem(found);
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('uploaded') });
          setFile(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

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
                    <Anchor
                      component="button"
                      type="button"
                      aria-label={t('downloadLabel', { name: a.fileName })}
                      onClick={() => download.mutate(a)}
                      disabled={download.isPending && download.variables?.attId === a.attId}
                    >
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
      <ErrorAlert error={download.error} />
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
            disabled={upload.isPending}
            style={{ flex: 1 }}
          />
          <Button onClick={send} loading={upload.isPending} disabled={problem !== null && file !== null}>{t('upload')}</Button>
        </Group>
      )}
      {progress && (
        <Stack gap={4}>
          <Progress.Root size="md">
            <Progress.Section value={percent} aria-label={t('uploadProgress')} />
          </Progress.Root>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">{t('uploading', { percent })}</Text>
        </Stack>
      )}
      <ErrorAlert error={upload.error} />
    </Stack>
  );
};
