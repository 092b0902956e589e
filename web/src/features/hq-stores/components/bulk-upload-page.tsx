import { Alert, Anchor, Badge, Button, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, describeError } from '../../../lib/errors/api-error';
import { downloadFile } from '../../../lib/files/save-file';
import { currentLanguage } from '../../../lib/i18n';
import { BULK_CALLS_PER_MINUTE, BULK_MAX_ROWS, BULK_TEMPLATE_PATH, useBulkUpload, type BulkResult, type BulkRow } from '../api/stores-api';
import { BULK_COLUMNS, bulkRowProblem } from '../bulk-rows';
import '../hq-stores.messages';
import '@mantine/dropzone/styles.css';

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/csv'];
const isCsv = (file: File) => /\.csv$/i.test(file.name);

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The sentence of a failed row: the code's sentence, and which of the template's columns to fix. */
const useRowSentence = () => {
  const { t } = useTranslation('hq-stores');
  return (row: BulkRow): string | null => {
    const problem = bulkRowProblem(row);
    if (!problem) return null;
    const sentence = describeError(new ApiError(400, problem.code, row.errorMessage ?? problem.code), currentLanguage());
    if (problem.wrongColumnCount) return `${sentence} ${t('bulk.wrongColumns')}`;
    if (problem.fields.length > 0) return `${sentence} ${t('bulk.checkColumns', { columns: problem.fields.map((f) => BULK_COLUMNS[f]).join(', ') })}`;
    return sentence;
  };
};

/**
 * /hq/stores/bulk: the template, a CSV dropped or chosen, its upload with progress, then every
 * row's result with the totals. File problems are one message; rows fail on their own.
 */
export const BulkUploadPage = () => {
  const { t } = useTranslation('hq-stores');
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const [progress, setProgress] = useState(0);
  const upload = useBulkUpload();
  const template = useMutation({ mutationFn: () => downloadFile(BULK_TEMPLATE_PATH, 'store-bulk-template.csv') });
  const result = upload.data;

  const choose = (files: File[]) => {
    const chosen = files[0];
    setRejected(!chosen || !isCsv(chosen));
    setFile(chosen && isCsv(chosen) ? chosen : null);
    upload.reset();
  };
  const send = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate({ file, onProgress: setProgress }, {
      onSuccess: (r) => notifications.show({ color: r.failureCount > 0 ? 'yellow' : 'green', message: t('bulk.done', { success: r.successCount, total: r.totalRows }) }),
    });
  };
  const rateLimited = upload.error instanceof ApiError && upload.error.code === 'RATE_LIMITED' ? upload.error : null;
  const percent = Math.round(progress * 100);

  return (
    <Stack maw={1100}>
      <Anchor component={Link} to=".." relative="path" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('detail.back')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('bulk.title')}</Title>
        <Text c="dimmed">{t('bulk.intro', { max: BULK_MAX_ROWS, calls: BULK_CALLS_PER_MINUTE })}</Text>
      </Stack>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bulk-template">
        <Stack>
          <Title order={2} size="h4" id="bulk-template">{t('bulk.templateTitle')}</Title>
          <Text size="sm">{t('bulk.templateHint')}</Text>
          <Group gap="xs">{Object.values(BULK_COLUMNS).map((c) => <Badge key={c} variant="default" tt="none">{c}</Badge>)}</Group>
          <Group>
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={template.isPending} onClick={() => template.mutate()}>{t('bulk.template')}</Button>
          </Group>
          <ErrorAlert error={template.error} />
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bulk-file">
        <Stack>
          <Title order={2} size="h4" id="bulk-file">{t('bulk.fileTitle')}</Title>
          <Dropzone
            onDrop={choose}
            onReject={() => { setRejected(true); setFile(null); }}
            accept={{ 'text/csv': ['.csv'], ...Object.fromEntries(CSV_TYPES.slice(1).map((type) => [type, ['.csv']])) }}
            multiple={false}
            disabled={upload.isPending}
            aria-label={t('bulk.drop')}
            inputProps={{ 'aria-label': t('bulk.fileInput') }}
          >
            <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept><IconUpload size={40} aria-hidden /></Dropzone.Accept>
              <Dropzone.Reject><IconX size={40} aria-hidden /></Dropzone.Reject>
              <Dropzone.Idle><IconFileSpreadsheet size={40} aria-hidden /></Dropzone.Idle>
              <Stack gap={2}>
                <Text fw={500}>{t('bulk.drop')}</Text>
                <Text size="sm" c="dimmed">{t('bulk.dropHint')}</Text>
              </Stack>
            </Group>
          </Dropzone>
          {rejected && <Text c="red" size="sm" role="alert">{t('bulk.notCsv')}</Text>}
          {file && <Text size="sm" data-testid="bulk-file-name">{t('bulk.chosen', { name: file.name, size: formatSize(file.size) })}</Text>}
          {(upload.isPending || (result && percent > 0)) && (
            <Stack gap={4}>
              <Progress value={percent} aria-label={t('bulk.progress')} animated={upload.isPending} />
              <Text size="sm" c="dimmed" role="status" aria-live="polite">
                {upload.isPending ? (percent < 100 ? t('bulk.uploading', { percent }) : t('bulk.processing')) : t('bulk.uploaded')}
              </Text>
            </Stack>
          )}
          {rateLimited ? (
            <Alert color="orange" role="alert" data-testid="error-alert">{t('bulk.rateLimited', { calls: BULK_CALLS_PER_MINUTE, seconds: rateLimited.retryAfterSeconds ?? 60 })}</Alert>
          ) : (
            <ErrorAlert error={upload.error} />
          )}
          <Group>
            <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file} loading={upload.isPending} onClick={send}>{t('bulk.upload')}</Button>
          </Group>
        </Stack>
      </Paper>

      {result && <BulkResults result={result} />}
    </Stack>
  );
};

const Total = ({ label, value, color }: { label: string; value: number; color?: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" component="dt">{label}</Text>
    <Text size="xl" fw={700} c={color} component="dd" m={0}>{value}</Text>
  </Stack>
);

const BulkResults = ({ result }: { result: BulkResult }) => {
  const { t } = useTranslation('hq-stores');
  const sentence = useRowSentence();
  const yesNo = (v: boolean) => (
    <ThemeIcon size="sm" variant="light" color={v ? 'green' : 'gray'} aria-label={v ? t('bulk.yes') : t('bulk.no')}>{v ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}</ThemeIcon>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bulk-results">
      <Stack>
        <Title order={2} size="h4" id="bulk-results">{t('bulk.resultsTitle')}</Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0} data-testid="bulk-totals">
          <Total label={t('bulk.totalRows')} value={result.totalRows} />
          <Total label={t('bulk.successCount')} value={result.successCount} color="green" />
          <Total label={t('bulk.failureCount')} value={result.failureCount} color={result.failureCount > 0 ? 'red' : undefined} />
          <Total label={t('bulk.accountCount')} value={result.managerAccountCreatedCount} />
          <Total label={t('bulk.mailFailedCount')} value={result.setupEmailFailedCount} color={result.setupEmailFailedCount > 0 ? 'orange' : undefined} />
        </SimpleGrid>
        {result.setupEmailFailedCount > 0 && <Alert color="orange" role="alert">{t('bulk.mailFailedNote', { count: result.setupEmailFailedCount })}</Alert>}
        {result.failureCount > 0 && (
          <List size="sm" aria-label={t('bulk.failedList')}>
            {result.results.filter((r) => r.status === 'FAILED').map((r) => <List.Item key={r.rowNumber}>{t('bulk.failedRow', { row: r.rowNumber, sentence: sentence(r) })}</List.Item>)}
          </List>
        )}
        <DataTable
          label={t('bulk.table')}
          rows={result.results}
          rowKey={(r) => String(r.rowNumber)}
          minWidth={860}
          rowProps={(r) => ({ 'data-row': String(r.rowNumber), 'data-status': r.status })}
          columns={[
            { key: 'row', header: t('bulk.rowNumber'), cell: (r) => r.rowNumber },
            { key: 'status', header: t('bulk.status'), cell: (r) => <Badge color={r.status === 'SUCCESS' ? 'green' : 'red'} variant="light">{t(`bulk.rowStatus.${r.status}`)}</Badge> },
            { key: 'name', header: t('fields.name'), cell: (r) => (r.storeId ? <Anchor component={Link} to={`../${r.storeId}`} relative="path">{r.storeName}</Anchor> : (r.storeName ?? <Text span c="dimmed">—</Text>)) },
            { key: 'problem', header: t('bulk.problem'), cell: (r) => sentence(r) ?? <Text span c="dimmed">—</Text> },
            { key: 'account', header: t('bulk.account'), cell: (r) => yesNo(r.managerAccountCreated) },
            {
              key: 'mail',
              header: t('bulk.setupEmail'),
              cell: (r) => (r.setupEmailSent === null ? <Text span c="dimmed">—</Text> : r.setupEmailSent ? <Text span c="green" size="sm">{t('bulk.mailSent')}</Text> : <Text span c="orange" size="sm" fw={600}>{t('bulk.mailNotSent')}</Text>),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
};
