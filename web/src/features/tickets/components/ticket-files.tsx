import { Anchor, Badge, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { ATTACHMENT_TYPES, ATTACHMENTS_PER_TICKET, attachmentProblem, formatBytes, type AttachmentProblem } from '../attachment-rules';
import type { TicketAttachment } from '../ticket-limits';
import '../tickets.messages';

const PROBLEM_KEY: Record<AttachmentProblem, string> = { LIMIT: 'fileLimit', TYPE: 'fileType', EMPTY: 'fileEmpty', SIZE: 'fileSize10' };

export interface UploadVariables {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * A ticket's files and an upload checked for the 5 types, 10 MB and 5 files before anything is
 * sent. With `download` a file is fetched through the API with the session (a fresh link each
 * time); without it the attachment's own downloadUrl is the link. A progress bar shows once the
 * upload reports progress.
 */
export const TicketFiles = ({ attachments, upload, download }: {
  attachments: TicketAttachment[];
  upload: UseMutationResult<unknown, unknown, UploadVariables>;
  download?: UseMutationResult<unknown, unknown, TicketAttachment>;
}) => {
  const { t } = useTranslation('tickets');
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
                    {download ? (
                      <Anchor
                        component="button"
                        type="button"
                        aria-label={t('downloadLabel', { name: a.fileName })}
                        onClick={() => download.mutate(a)}
                        disabled={download.isPending && download.variables?.attId === a.attId}
                      >
                        {a.fileName}
                      </Anchor>
                    ) : (
                      <Anchor href={a.downloadUrl} target="_blank" rel="noopener noreferrer" download={a.fileName} aria-label={t('downloadLabel', { name: a.fileName })}>
                        {a.fileName}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>{formatBytes(a.sizeBytes)}</Table.Td>
                  <Table.Td>{formatDateTime(a.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {download ? <ErrorAlert error={download.error} /> : null}
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
