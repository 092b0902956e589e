import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { useLegalDocument, useLegalHistory, type LegalKind } from '../api/legal-admin-api';
import { canCancel, statusesAt } from '../legal-status';
import { useNow } from '../use-now';
import { CancelScheduleDialog } from './cancel-schedule-dialog';
import { BackToHistory, CurrentBadge, LegalStatusBadge, MarkdownDocument } from './legal-parts';
import '../legal-admin.messages';

/** /admin/legal/:kind/:id — one version as the managers read it, its status now, cancel while scheduled. */
export const LegalDocumentPage = ({ kind, id }: { kind: LegalKind; id: string }) => {
  const { t } = useTranslation('legal-admin');
  const navigate = useNavigate();
  const doc = useLegalDocument(kind, id);
  const history = useLegalHistory(kind);
  const now = useNow();
  const [canceling, setCanceling] = useState(false);
  const data = doc.data;
  // The status at read time needs the other versions (which one is current); the history has them.
  const computed = data ? statusesAt([...(history.data?.items ?? []).filter((d) => d.id !== data.id), data], now).find((d) => d.id === data.id) : undefined;
  const kindName = t(`kinds.${kind}`);

  return (
    <Stack maw={920}>
      <BackToHistory kind={kind} />
      {doc.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={doc.error} />
      {data && computed && (
        <>
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} size="h2">{t('documentTitle', { kind: kindName, version: data.version })}</Title>
              <LegalStatusBadge status={computed.statusNow} />
              {computed.isCurrent && <CurrentBadge />}
            </Group>
            <Text size="sm" c="dimmed">
              {t('effectiveAt')} {formatDateTime(data.effectiveAt)} ({formatRelative(data.effectiveAt, now.getTime())}) · {t('publishedAt')} {formatDateTime(data.publishedAt)}
            </Text>
            {data.status !== computed.statusNow && <Text size="xs" c="dimmed">{t('storedStatus', { status: t(`status.${data.status}`) })}</Text>}
          </Stack>
          {canCancel(data, now) && (
            <Group>
              <Button color="red" variant="light" onClick={() => setCanceling(true)}>{t('cancelSchedule')}</Button>
            </Group>
          )}
          <Paper withBorder p="lg" radius="md" component="article" aria-label={t('documentTitle', { kind: kindName, version: data.version })}>
            <MarkdownDocument source={data.content} />
          </Paper>
          <CancelScheduleDialog
            kind={kind}
            target={canceling ? data : null}
            onClose={() => setCanceling(false)}
            onCanceled={() => void navigate(`/admin/legal/${kind}`)}
          />
        </>
      )}
    </Stack>
  );
};
