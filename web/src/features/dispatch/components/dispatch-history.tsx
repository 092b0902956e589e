import { Anchor, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { DISPATCH_STATUSES, HISTORY_PAGE_SIZE, useCancelDispatch, useHistory, useRevokeDispatches, type DispatchStatus, type HistoryItem } from '../api/dispatch-api';
import { formatLatency } from '../latency-format';
import { kstDate } from '../next-occurrences';
import { DispatchStatusBadge } from './dispatch-status-badge';
import '../dispatch.messages';

/** When a row is due: its absolute start (playAt), else its scheduled time, else its creation. */
export const dueOf = (row: Pick<HistoryItem, 'playAt' | 'scheduledAt' | 'createdAt'>): string => row.playAt ?? row.scheduledAt ?? row.createdAt;

/** Remote stop takes PENDING rows due today (KST), as the server's revoke does. */
const revocable = (row: HistoryItem, now: Date) => row.status === 'PENDING' && kstDate(new Date(dueOf(row))) === kstDate(now);

/** Who dispatched it: email and role; an operator acting as the HQ is said so. */
const Actor = ({ row }: { row: HistoryItem }) => {
  const { t } = useTranslation('dispatch');
  if (!row.actorEmail && !row.actorRole) return <Text size="sm" c="dimmed">{t('actorUnknown')}</Text>;
  const role = row.actorRole ? t(`actorRoles.${row.actorRole}`, { defaultValue: row.actorRole }) : null;
  return (
    <Stack gap={0}>
      <Text size="sm">{row.actorEmail ?? t('actorUnknown')}</Text>
      {role && <Text size="xs" c={row.actorRole === 'OPERATOR_IMPERSONATING' ? 'orange' : 'dimmed'} fw={row.actorRole === 'OPERATOR_IMPERSONATING' ? 600 : undefined}>{role}</Text>}
    </Stack>
  );
};

type Pending = { kind: 'cancel'; row: HistoryItem } | { kind: 'revoke'; rows: HistoryItem[] } | null;

/**
 * The dispatch rows of one announcement (one per store and call, newest first) with status,
 * actor, times, signal latency and the device that played it. While any row may still change it
 * refreshes itself every 5 s. PENDING and SCHEDULED rows can be canceled; PENDING rows due today
 * can be stopped remotely (the players stop at once).
 */
export const DispatchHistory = ({ announcementId, title }: { announcementId: string; title?: string }) => {
  const { t } = useTranslation('dispatch');
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<DispatchStatus | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const history = useHistory(announcementId, page, status);
  const cancel = useCancelDispatch();
  const revoke = useRevokeDispatches();
  const items = history.data?.items ?? [];
  const total = history.data?.total ?? 0;
  const now = new Date();
  const live = items.some((i) => i.status === 'PENDING' || i.status === 'SCHEDULED');
  const today = items.filter((i) => revocable(i, now));
  const language = currentLanguage();

  const close = () => {
    setPending(null);
    cancel.reset();
    revoke.reset();
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'cancel') {
      cancel.mutate(pending.row.dispatchId, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('canceled') });
          setPending(null);
        },
      });
    } else {
      revoke.mutate(pending.rows.map((r) => r.dispatchId), {
        onSuccess: (count) => {
          notifications.show({ color: 'green', message: t('revoked', { count }) });
          setPending(null);
        },
      });
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        {(total > 0 || status) && <Select
          label={t('statusFilter')}
          placeholder={t('allStatuses')}
          clearable
          data={DISPATCH_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v as DispatchStatus | null);
            setPage(0);
          }}
          w={220}
        />}
        {today.length > 0 && (
          <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={() => setPending({ kind: 'revoke', rows: today })}>
            {t('revokeToday', { count: today.length })}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {live ? t('liveRefresh') : history.dataUpdatedAt ? t('updatedAt', { time: formatDateTime(new Date(history.dataUpdatedAt).toISOString()) }) : ''}
      </Text>
      <ErrorAlert error={history.error} />
      {history.isPending && <Loader aria-label={t('common:loading')} />}
      {history.isSuccess && total === 0 && <Text c="dimmed">{status ? t('historyEmptyFiltered') : t('historyEmpty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={title ? t('historyTableOf', { title }) : t('historyTable')}
          rows={items}
          rowKey={(r) => r.dispatchId}
          minWidth={1100}
          busy={history.isFetching}
          testId="dispatch-history"
          rowProps={(r) => ({ 'data-dispatch-id': r.dispatchId, 'data-store-id': r.storeId, 'data-status': r.status })}
          columns={[
            { key: 'store', header: t('store'), strong: true, cell: (r) => r.storeName ?? t('storeUnknown') },
            { key: 'status', header: t('statusColumn'), cell: (r) => <DispatchStatusBadge status={r.status} missedReason={r.missedReason} /> },
            { key: 'actor', header: t('actor'), cell: (r) => <Actor row={r} /> },
            { key: 'created', header: t('createdAt'), cell: (r) => formatDateTime(r.createdAt) },
            { key: 'due', header: t('dueAt'), cell: (r) => formatDateTime(dueOf(r)) },
            { key: 'played', header: t('playedAt'), cell: (r) => (r.playedAt ? formatDateTime(r.playedAt) : '—') },
            { key: 'latency', header: t('latency'), cell: (r) => <span data-testid="latency">{formatLatency(r.signalLatencyMs, language) ?? '—'}</span> },
            { key: 'device', header: t('playedDevice'), cell: (r) => r.playedDeviceLabel ?? (r.status === 'PLAYED' ? t('deviceUnknown') : '—') },
            {
              key: 'actions',
              header: t('actions'),
              cell: (r) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/hq/receipts/${r.dispatchId}`} size="sm" aria-label={t('receiptsOf', { store: r.storeName ?? t('storeUnknown') })}>
                    {t('receipts')}
                  </Anchor>
                  {(r.status === 'PENDING' || r.status === 'SCHEDULED') && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setPending({ kind: 'cancel', row: r })} aria-label={t('cancelOf', { store: r.storeName ?? t('storeUnknown') })}>
                      {t('cancelDispatch')}
                    </Button>
                  )}
                  {revocable(r, now) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setPending({ kind: 'revoke', rows: [r] })} aria-label={t('revokeOf', { store: r.storeName ?? t('storeUnknown') })}>
                      {t('revoke')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={history.data?.size ?? HISTORY_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'cancel' ? t('cancelTitle') : t('revokeTitle')}
        confirmLabel={pending?.kind === 'cancel' ? t('cancelDispatch') : t('revoke')}
        cancelLabel={t('keep')}
        onClose={close}
        onConfirm={confirm}
        loading={cancel.isPending || revoke.isPending}
        error={cancel.error ?? revoke.error}
      >
        {pending?.kind === 'cancel'
          ? t(pending.row.status === 'SCHEDULED' ? 'cancelScheduledBody' : 'cancelPendingBody', { store: pending.row.storeName ?? t('storeUnknown'), time: formatDateTime(dueOf(pending.row)) })
          : pending?.kind === 'revoke'
            ? pending.rows.length === 1
              ? t('revokeOneBody', { store: pending.rows[0]!.storeName ?? t('storeUnknown') })
              : t('revokeManyBody', { count: pending.rows.length })
            : ''}
      </ConfirmDialog>
    </Stack>
  );
};
