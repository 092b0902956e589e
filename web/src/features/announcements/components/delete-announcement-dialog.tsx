import { List, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { dispatchKeys, listHistory, listSchedules } from '../../dispatch/api/dispatch-api';
import { describeSchedule } from '../../dispatch/components/schedule-summary';
import { dueOf } from '../../dispatch/components/dispatch-history';
import { useDeleteAnnouncement, type Announcement } from '../api/announcements-api';
import '../announcements.messages';
import '../../dispatch/dispatch.messages';

/** How many reservations the dialog lists by name; the rest are counted. */
const LISTED = 10;

/**
 * The delete confirmation, naming what it cancels (spec 03: the active recurring schedules and
 * the future scheduled dispatches) and what it keeps (dispatches already due and waiting).
 */
export const DeleteAnnouncementDialog = ({ announcement, opened, onClose, onDeleted }: { announcement: Announcement; opened: boolean; onClose: () => void; onDeleted: () => void }) => {
  const { t } = useTranslation('announcements');
  const remove = useDeleteAnnouncement();
  const id = announcement.id;
  const schedules = useQuery({
    queryKey: [...dispatchKeys.schedulesAll(), 'delete-preview', id],
    queryFn: () => listSchedules({ announcementId: id, status: 'ACTIVE', page: 0, size: 100 }),
    enabled: opened,
    staleTime: 0,
  });
  const scheduled = useQuery({ queryKey: [...dispatchKeys.histories(), 'delete-preview', id, 'SCHEDULED'], queryFn: () => listHistory(id, 0, 'SCHEDULED', 100), enabled: opened, staleTime: 0 });
  const pending = useQuery({ queryKey: [...dispatchKeys.histories(), 'delete-preview', id, 'PENDING'], queryFn: () => listHistory(id, 0, 'PENDING', 1), enabled: opened, staleTime: 0 });
  const loading = schedules.isPending || scheduled.isPending || pending.isPending;
  const activeSchedules = schedules.data?.items ?? [];
  const reservations = scheduled.data?.items ?? [];
  const reservationTotal = scheduled.data?.total ?? 0;
  const pendingTotal = pending.data?.total ?? 0;

  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('deleteTitle')}
      confirmLabel={t('common:delete')}
      cancelLabel={t('keep')}
      onClose={close}
      loading={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('deleted') });
            onDeleted();
          },
        })
      }
    >
      <Stack gap="sm" data-testid="delete-announcement-consequences">
        <Text>{t('deleteBody', { title: announcement.title })}</Text>
        {loading && <Loader size="sm" aria-label={t('common:loading')} />}
        <ErrorAlert error={schedules.error ?? scheduled.error ?? pending.error} />
        {!loading && (
          <>
            {activeSchedules.length > 0 ? (
              <Stack gap={4}>
                <Text size="sm" fw={600}>{t('deleteCancelsSchedules', { count: schedules.data?.total ?? activeSchedules.length })}</Text>
                <List size="sm" aria-label={t('deleteCancelsSchedulesList')}>
                  {activeSchedules.map((s) => <List.Item key={s.id}>{describeSchedule(t, s)}</List.Item>)}
                </List>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">{t('deleteNoSchedules')}</Text>
            )}
            {reservationTotal > 0 ? (
              <Stack gap={4}>
                <Text size="sm" fw={600}>{t('deleteCancelsReservations', { count: reservationTotal })}</Text>
                <List size="sm" aria-label={t('deleteCancelsReservationsList')}>
                  {reservations.slice(0, LISTED).map((r) => (
                    <List.Item key={r.dispatchId}>{t('reservationLine', { store: r.storeName ?? t('dispatch:storeUnknown'), time: formatDateTime(dueOf(r)) })}</List.Item>
                  ))}
                </List>
                {reservationTotal > LISTED && <Text size="xs" c="dimmed">{t('andMore', { count: reservationTotal - LISTED })}</Text>}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">{t('deleteNoReservations')}</Text>
            )}
            <Text size="sm" c={pendingTotal > 0 ? 'orange' : 'dimmed'}>{pendingTotal > 0 ? t('deleteKeepsPending', { count: pendingTotal }) : t('deleteKeepsPendingNone')}</Text>
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
};
