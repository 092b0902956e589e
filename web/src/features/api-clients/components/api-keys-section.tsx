import { Badge, Button, Group, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useIssueKey, useRevokeKey, useRotateKey, type ApiClient, type ApiKey, type IssuedApiKey } from '../api/api-clients-api';
import { canIssueKey, EXPIRY_DAYS_MAX, expiryDaysProblem, keyActions } from '../api-client-rules';
import { IssuedKeyDialog } from './issued-key-dialog';
import '../api-clients.messages';

/** How the key begins, as its holder sees it (identity's prefix is the 8 characters after sc_live_). */
const shownPrefix = (prefix: string) => `sc_live_${prefix}_…`;

const KEY_COLOR: Record<ApiKey['status'], string> = { ACTIVE: 'green', REVOKED: 'gray', EXPIRED: 'orange' };

/** A client's keys: issue (optionally with a lifetime), rotate and revoke; a new secret is shown once. */
export const ApiKeysSection = ({ client }: { client: ApiClient }) => {
  const { t } = useTranslation('api-clients');
  const issue = useIssueKey(client.id);
  const rotate = useRotateKey(client.id);
  const revoke = useRevokeKey(client.id);
  const [issuing, setIssuing] = useState(false);
  const [days, setDays] = useState<number | string>('');
  const [daysProblem, setDaysProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<IssuedApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = client.keys ?? [];
  const prefixOf = (id: string | null) => keys.find((k) => k.id === id)?.prefix ?? '';

  const closeIssue = () => {
    setIssuing(false);
    setDays('');
    setDaysProblem(null);
    issue.reset();
  };
  const submitIssue = () => {
    const p = expiryDaysProblem(days);
    if (p) return setDaysProblem(p === 'NOT_WHOLE' ? t('expiryNotWhole') : t('expiryOutOfRange'));
    issue.mutate(days === '' ? null : Number(days), {
      onSuccess: (key) => {
        closeIssue();
        setSecret(key);
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="api-keys-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="api-keys-title">{t('keys')}</Title>
          <Button leftSection={<IconKey size={16} aria-hidden />} disabled={!canIssueKey(client.status)} onClick={() => setIssuing(true)}>{t('issue')}</Button>
        </Group>
        {!canIssueKey(client.status) && <Text size="sm" c="dimmed">{t('notApprovedHint')}</Text>}
        {keys.length === 0 ? <Text size="sm" c="dimmed">{t('noKeys')}</Text> : (
          <DataTable
            label={t('keysTable', { name: client.organizationName })}
            rows={keys}
            rowKey={(k) => k.id}
            minWidth={1080}
            rowProps={(k) => ({ 'data-prefix': k.prefix, 'data-status': k.status })}
            columns={[
              {
                key: 'prefix',
                header: t('prefix'),
                cell: (k) => (
                  <Stack gap={0}>
                    <Text size="sm" ff="monospace" title={k.prefix}>{shownPrefix(k.prefix)}</Text>
                    {k.rotatedFromKeyId && prefixOf(k.rotatedFromKeyId) && <Text size="xs" c="dimmed">{t('rotatedFrom', { prefix: prefixOf(k.rotatedFromKeyId) })}</Text>}
                  </Stack>
                ),
              },
              { key: 'status', header: t('keyStatusHeader'), cell: (k) => <Badge color={KEY_COLOR[k.status]} variant="light" data-testid="key-status">{t(`keyStatus.${k.status}`)}</Badge> },
              { key: 'created', header: t('createdAt'), cell: (k) => formatDateTime(k.createdAt) },
              { key: 'expires', header: t('expiresAt'), cell: (k) => formatDateTime(k.expiresAt) },
              { key: 'used', header: t('lastUsedAt'), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('neverUsed')) },
              { key: 'revoked', header: t('revokedAt'), cell: (k) => (k.revokedAt ? formatDateTime(k.revokedAt) : '—') },
              {
                key: 'actions',
                header: t('actions'),
                cell: (k) => (
                  <Group gap={4} wrap="nowrap">
                    {keyActions(client.status, k.status).map((a) =>
                      a === 'ROTATE' ? (
                        <Button key={a} size="compact-xs" variant="default" aria-label={t('rotateLabel', { prefix: k.prefix })} onClick={() => setRotating(k)}>{t('rotate')}</Button>
                      ) : (
                        <Button key={a} size="compact-xs" variant="light" color="red" aria-label={t('revokeLabel', { prefix: k.prefix })} onClick={() => setRevoking(k)}>{t('revoke')}</Button>
                      ),
                    )}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Stack>

      <Modal opened={issuing} onClose={closeIssue} title={t('issueTitle', { name: client.organizationName })} centered>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submitIssue();
          }}
        >
          <Stack>
            <NumberInput
              label={t('expiryDays')}
              description={t('expiryDaysHint')}
              min={1}
              max={EXPIRY_DAYS_MAX}
              allowDecimal={false}
              // Out-of-range days are said, not silently clamped to the nearest bound.
              clampBehavior="none"
              value={days}
              error={daysProblem}
              onChange={(v) => {
                setDays(v);
                setDaysProblem(null);
              }}
            />
            <ErrorAlert error={issue.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={closeIssue} disabled={issue.isPending}>{t('common:cancel')}</Button>
              <Button type="submit" loading={issue.isPending}>{t('issue')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmDialog
        opened={rotating !== null}
        title={t('rotateTitle', { prefix: rotating?.prefix ?? '' })}
        confirmLabel={t('rotate')}
        cancelLabel={t('keep')}
        color="blue"
        loading={rotate.isPending}
        error={rotate.error}
        onClose={() => {
          rotate.reset();
          setRotating(null);
        }}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (key) => {
              setRotating(null);
              setSecret(key);
            },
          })
        }
      >
        {t('rotateBody', { prefix: rotating?.prefix ?? '' })}
      </ConfirmDialog>

      <ConfirmDialog
        opened={revoking !== null}
        title={t('revokeTitle', { prefix: revoking?.prefix ?? '' })}
        confirmLabel={t('revoke')}
        cancelLabel={t('keep')}
        loading={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('revoked', { prefix: revoking.prefix }) });
              setRevoking(null);
            },
          })
        }
      >
        {t('revokeBody', { prefix: revoking?.prefix ?? '' })}
      </ConfirmDialog>

      <IssuedKeyDialog issued={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
};
