import { Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useApiClient } from '../api/api-clients-api';
import { canDecide } from '../api-client-rules';
import { ApiClientStatusBadge } from './api-client-status-badge';
import { ApiKeysSection } from './api-keys-section';
import { ClientDecisionDialog, type Decision } from './client-decision-dialogs';
import { UsageSection } from './usage-section';
import '../api-clients.messages';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">{label}</Text>
    <Text size="sm" component="div">{children}</Text>
  </Stack>
);

/** /admin/api-clients/:clientId — the sign-up, its decision, its keys and their usage. */
export const ApiClientPage = ({ clientId }: { clientId: string }) => {
  const { t } = useTranslation('api-clients');
  const client = useApiClient(clientId);
  const [decision, setDecision] = useState<Decision | null>(null);
  const c = client.data;

  return (
    <Stack maw={1280}>
      <Anchor component={Link} to="/admin/api-clients" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back')}</Group>
      </Anchor>
      {client.isPending && (
        <>
          <Title order={1} size="h2">{t('title')}</Title>
          <Loader aria-label={t('common:loading')} />
        </>
      )}
      {client.isError && <Title order={1} size="h2">{t('title')}</Title>}
      <ErrorAlert error={client.error} />
      {c && (
        <>
          <Group justify="space-between" align="flex-end">
            <Group gap="sm">
              <Title order={1} size="h2">{c.organizationName}</Title>
              <ApiClientStatusBadge status={c.status} />
            </Group>
            {canDecide(c.status) && (
              <Group>
                <Button color="green" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDecision('APPROVE')}>{t('approve')}</Button>
                <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDecision('REJECT')}>{t('reject')}</Button>
              </Group>
            )}
          </Group>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-details-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="client-details-title">{t('details')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <Field label={t('contactName')}>{c.contactName}</Field>
                <Field label={t('contactEmail')}><Anchor href={`mailto:${c.contactEmail}`}>{c.contactEmail}</Anchor></Field>
                <Field label={t('requestedAt')}>{formatDateTime(c.createdAt)}</Field>
                {c.decidedAt && <Field label={t('decidedAt')}>{formatDateTime(c.decidedAt)}</Field>}
              </SimpleGrid>
              <Field label={t('purpose')}>{c.purpose?.trim() ? <span style={{ whiteSpace: 'pre-wrap' }}>{c.purpose}</span> : <Text span c="dimmed" size="sm">{t('noPurpose')}</Text>}</Field>
              {c.status === 'REJECTED' && c.decisionReason && <Field label={t('decisionReason')}>{c.decisionReason}</Field>}
            </Stack>
          </Paper>
          <ApiKeysSection client={c} />
          {(c.keys ?? []).length > 0 && <UsageSection client={c} />}
          <ClientDecisionDialog client={c} decision={decision} onClose={() => setDecision(null)} />
        </>
      )}
    </Stack>
  );
};
