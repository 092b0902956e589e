import { Anchor, Badge, Button, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { announcementKeys, getAnnouncement } from '../../announcements/api/announcements-api';
import { SCHEDULE_STATUSES, SCHEDULES_PAGE_SIZE, useCancelSchedule, useSchedules, type Schedule, type ScheduleStatus } from '../api/dispatch-api';
import { nextOccurrences } from '../next-occurrences';
import { describeRule, describeTarget } from './schedule-summary';
import { formatKst } from './kst-time';
import '../dispatch.messages';

const STATUS_COLOR: Record<ScheduleStatus, string> = { ACTIVE: 'green', CANCELED: 'gray', ENDED: 'blue' };

export const ScheduleStatusBadge = ({ status }: { status: ScheduleStatus }) => {
  const { t } = useTranslation('dispatch');
  return <Badge color={STATUS_COLOR[status]} variant="light" data-status={status} style={{ minWidth: "max-content" }}>{t(`scheduleStatus.${status}`)}</Badge>;
};

/** The next time an ACTIVE schedule plays, computed as the server expands it. */
const nextRun = (s: Schedule, now: Date): Date | null => (s.status === 'ACTIVE' ? (nextOccurrences(s, now, 1).next[0] ?? null) : null);

/** Titles of the schedules' announcements; a deleted one answers 404. */
const useTitles = (ids: string[]) => {
  const results = useQueries({
    queries: ids.map((id) => ({ queryKey: announcementKeys.detail(id), queryFn: () => getAnnouncement(id), staleTime: 60_000, retry: false })),
  });
  return new Map(ids.map((id, i) => [id, results[i]!.data?.title ?? (results[i]!.error instanceof ApiError && results[i]!.error.status === 404 ? null : undefined)]));
};

/**
 * Recurring schedules (newest first), of one announcement or of the whole HQ, with their rule,
 * range, target, status and next run; an ACTIVE one can be canceled (occurrences already made stay).
 */
export const SchedulesTable = ({ announcementId }: { announcementId?: string }) => {
  const { t } = useTranslation('dispatch');
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ScheduleStatus | null>(null);
  const [canceling, setCanceling] = useState<Schedule | null>(null);
  const schedules = useSchedules({ announcementId, status: status ?? undefined, page });
  const cancel = useCancelSchedule();
  const items = schedules.data?.items ?? [];
  const total = schedules.data?.total ?? 0;
  const titles = useTitles(announcementId ? [] : [...new Set(items.map((s) => s.announcementId))]);
  const now = new Date();

  return (
    <Stack>
      {(total > 0 || status) && <Select
        label={t('scheduleStatusFilter')}
        placeholder={t('allStatuses')}
        clearable
        data={SCHEDULE_STATUSES.map((s) => ({ value: s, label: t(`scheduleStatus.${s}`) }))}
        value={status}
        onChange={(v) => {
          setStatus(v as ScheduleStatus | null);
          setPage(0);
        }}
        w={220}
      />}
      <ErrorAlert error={schedules.error} />
      {schedules.isPending && <Loader aria-label={t('common:loading')} />}
      {schedules.isSuccess && total === 0 && <Text c="dimmed">{status ? t('schedulesEmptyFiltered') : t('schedulesEmpty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('schedulesTable')}
          rows={items}
          rowKey={(s) => s.id}
          minWidth={960}
          busy={schedules.isFetching}
          testId="dispatch-schedules"
          rowProps={(s) => ({ 'data-schedule-id': s.id, 'data-status': s.status })}
          columns={[
            !announcementId && {
              key: 'announcement',
              header: t('announcement'),
              strong: true,
              cell: (s) => {
                const title = titles.get(s.announcementId);
                return title ? <Anchor component={Link} to={`/hq/announcements/${s.announcementId}`}>{title}</Anchor> : <Text size="sm" c="dimmed">{title === null ? t('announcementDeleted') : '…'}</Text>;
              },
            },
            { key: 'rule', header: t('ruleColumn'), cell: (s) => describeRule(t, s) },
            { key: 'range', header: t('dateRangeColumn'), cell: (s) => t('dateRange', { from: s.startDate, to: s.endDate }) },
            { key: 'target', header: t('target'), cell: (s) => describeTarget(t, s.target, s.storeIds.length, s.region) },
            { key: 'status', header: t('statusColumn'), cell: (s) => <ScheduleStatusBadge status={s.status} /> },
            {
              key: 'next',
              header: t('nextRun'),
              cell: (s) => {
                const next = nextRun(s, now);
                return next ? formatKst(next) : '—';
              },
            },
            { key: 'created', header: t('createdAt'), cell: (s) => formatDateTime(s.createdAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (s) =>
                s.status === 'ACTIVE' ? (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setCanceling(s)} aria-label={t('cancelScheduleOf', { rule: describeRule(t, s) })}>
                    {t('cancelSchedule')}
                  </Button>
                ) : s.canceledAt ? (
                  <Text size="xs" c="dimmed">{t('canceledAt', { time: formatDateTime(s.canceledAt) })}</Text>
                ) : null,
            },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={schedules.data?.size ?? SCHEDULES_PAGE_SIZE} onPage={setPage} totalLabel={t('schedulesTotal', { count: total })} paginationLabel={t('pagination')} />
      <ConfirmDialog
        opened={canceling !== null}
        title={t('cancelScheduleTitle')}
        confirmLabel={t('cancelSchedule')}
        cancelLabel={t('keep')}
        onClose={() => {
          setCanceling(null);
          cancel.reset();
        }}
        loading={cancel.isPending}
        error={cancel.error}
        onConfirm={() =>
          canceling &&
          cancel.mutate(canceling.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('scheduleCanceled') });
              setCanceling(null);
            },
          })
        }
      >
        {canceling ? t('cancelScheduleBody', { rule: describeRule(t, canceling) }) : ''}
      </ConfirmDialog>
    </Stack>
  );
};
