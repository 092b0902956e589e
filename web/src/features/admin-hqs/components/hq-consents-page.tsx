import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { NotFoundPage } from '../../../components/ui/not-found-page';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useHqConsents, type ConsentRecord } from '../api/admin-hqs-api';
import { BackLink, HqStatusBadge } from './hq-parts';
import '../admin-hqs.messages';

/** /admin/hqs/:id/consents — the agreements of the HQ's managers, newest first, and whether they must agree again. */
export const HqConsentsPage = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-hqs');
  const consents = useHqConsents(id);
  if (consents.error instanceof ApiError && consents.error.code === 'HQ_NOT_FOUND') return <NotFoundPage />;
  const data = consents.data;
  return (
    <Stack maw={1080}>
      <BackLink to={`/admin/hqs/${id}`}>{t('consents.back')}</BackLink>
      <Stack gap={4}>
        <Title order={1} size="h2">{data ? t('consents.title', { name: data.hqName }) : t('detail.consents')}</Title>
        <Text c="dimmed">{t('consents.intro')}</Text>
      </Stack>
      <ErrorAlert error={consents.error} />
      {consents.isPending && <Loader aria-label={t('common:loading')} />}
      {data && (
        <>
          <Group gap="xs">
            <Text size="sm">{t('consents.hqStatus')}</Text>
            <HqStatusBadge status={data.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReagreeFlag required={data.termsReagreeRequired} text={t(data.termsReagreeRequired ? 'consents.termsReagree' : 'consents.termsCurrent')} testId="terms-reagree" />
            <ReagreeFlag required={data.privacyReagreeRequired} text={t(data.privacyReagreeRequired ? 'consents.privacyReagree' : 'consents.privacyCurrent')} testId="privacy-reagree" />
          </SimpleGrid>
          <ConsentTable id="consents-terms" title={t('consents.terms')} rows={data.terms} />
          <ConsentTable id="consents-privacy" title={t('consents.privacy')} rows={data.privacy} />
        </>
      )}
    </Stack>
  );
};

const ReagreeFlag = ({ required, text, testId }: { required: boolean; text: string; testId: string }) => (
  <Alert
    color={required ? 'orange' : 'green'}
    variant="light"
    icon={required ? <IconAlertTriangle aria-hidden /> : <IconCircleCheck aria-hidden />}
    data-testid={testId}
    data-required={String(required)}
  >
    {text}
  </Alert>
);

const ConsentTable = ({ id, title, rows }: { id: string; title: string; rows: readonly ConsentRecord[] }) => {
  const { t } = useTranslation('admin-hqs');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h4" id={id}>{title}</Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">{t('consents.empty')}</Text>
        ) : (
          <DataTable
            label={title}
            rows={rows}
            rowKey={(r) => `${r.documentVersion}/${r.agreedAt}/${r.signerName ?? ''}`}
            minWidth={560}
            rowProps={(r) => ({ 'data-version': r.documentVersion })}
            columns={[
              { key: 'version', header: t('consents.version'), cell: (r) => r.documentVersion, strong: true },
              { key: 'agreedAt', header: t('consents.agreedAt'), cell: (r) => formatDateTime(r.agreedAt) },
              { key: 'signer', header: t('consents.signer'), cell: (r) => r.signerName ?? '—' },
              { key: 'ip', header: t('consents.ip'), cell: (r) => r.agreedIp ?? '—' },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
};
