import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SCHEDULED_PAGE_SIZE, useCancelScheduled, useScheduled, type ScheduledBroadcast } from '../api/broadcast-api';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import '../broadcast.messages';

/** /player/reservations: the store's own scheduled broadcasts, earliest first; listen and cancel. */
export const ReservationsPage = () => {
  const { t } = useTranslation('broadcast');
  const [page, setPage] = useState(0);
  const scheduled = useScheduled(page);
  const cancel = useCancelScheduled();
  const [canceling, setCanceling] = useState<ScheduledBroadcast | null>(null);
  const items = scheduled.data?.items ?? [];
  const total = scheduled.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (scheduled.data?.size ?? SCHEDULED_PAGE_SIZE)));

  // The last item of the last page was canceled: go back a page.
  if (scheduled.isSuccess && items.length === 0 && page > 0 && page >= pages) setPage(pages - 1);

  const confirmCancel = () => {
    if (!canceling) return;
    cancel.mutate(canceling.dispatchId, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('canceled') });
        setCanceling(null);
      },
    });
  };

  return (
    <Stack maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('reservationsTitle')}</Title>
          <Text c="dimmed">{t('reservationsIntro')}</Text>
        </Stack>
        <Button component={Link} to="/player/broadcast" leftSection={<IconPlus size={16} aria-hidden />}>{t('newBroadcast')}</Button>
      </Group>
      <ErrorAlert error={scheduled.error} />
      {scheduled.isPending && <Loader aria-label={t('common:loading')} />}
      {scheduled.isSuccess && total === 0 && <Text c="dimmed">{t('reservationsEmpty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('reservationsTable')}
          rows={items}
          rowKey={(item) => item.dispatchId}
          minWidth={760}
          hover={false}
          columns={[
            { key: 'scheduledAt', header: t('scheduledAt'), strong: true, cell: (item) => formatDateTime(item.scheduledAt) },
            {
              key: 'title',
              header: t('announcementTitle'),
              cell: (item) => (
                <Group gap="xs">
                  <Text size="sm">{item.announcementTitle}</Text>
                  {item.isEmergency && <Badge color="red" size="sm">{t('emergencyBadge')}</Badge>}
                </Group>
              ),
            },
            {
              key: 'listen',
              header: t('listen'),
              cell: (item) => <audio controls preload="none" src={item.audioUrl} aria-label={t('listenLabel', { title: item.announcementTitle })} style={{ height: 32, maxWidth: 240 }} />,
            },
            { key: 'createdAt', header: t('createdAt'), cell: (item) => formatDateTime(item.createdAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (item) => (
                <Button size="xs" variant="light" color="red" aria-label={t('cancelLabel', { title: item.announcementTitle })} onClick={() => { cancel.reset(); setCanceling(item); }}>
                  {t('cancelReservation')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={scheduled.data?.size ?? SCHEDULED_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: total })} paginationLabel={t('pagination')} />
      <ConfirmDialog
        opened={canceling !== null}
        title={t('cancelTitle')}
        confirmLabel={t('cancelReservation')}
        cancelLabel={t('keep')}
        onConfirm={confirmCancel}
        onClose={() => setCanceling(null)}
        loading={cancel.isPending}
        error={cancel.error}
      >
        {t('cancelBody', { title: canceling?.announcementTitle ?? '', time: formatDateTime(canceling?.scheduledAt) })}
      </ConfirmDialog>
    </Stack>
  );
};
