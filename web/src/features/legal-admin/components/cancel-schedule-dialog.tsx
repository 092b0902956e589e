import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useCancelVersion, type LegalKind } from '../api/legal-admin-api';
import '../legal-admin.messages';

/** Confirms and cancels (hard-deletes) a scheduled version; 409 LEGAL_DOC_NOT_SCHEDULED said in words. */
export const CancelScheduleDialog = ({ kind, target, onClose, onCanceled }: {
  kind: LegalKind;
  target: { id: string; version: string; effectiveAt: string } | null;
  onClose: () => void;
  onCanceled?: () => void;
}) => {
  const { t } = useTranslation('legal-admin');
  const cancel = useCancelVersion(kind);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const notScheduled = cancel.error instanceof ApiError && cancel.error.code === 'LEGAL_DOC_NOT_SCHEDULED';
  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('cancelTitle')}
      confirmLabel={t('cancelSchedule')}
      cancelLabel={t('keepSchedule')}
      onClose={close}
      loading={cancel.isPending}
      error={notScheduled ? null : cancel.error}
      onConfirm={() =>
        target &&
        cancel.mutate(target.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('canceled', { version: target.version }) });
            close();
            onCanceled?.();
          },
        })
      }
    >
      <Stack gap="sm">
        <Text>{target ? t('cancelBody', { kind: t(`kinds.${kind}`), version: target.version, at: formatDateTime(target.effectiveAt) }) : ''}</Text>
        {notScheduled && <Alert color="red" role="alert">{t('notScheduled')}</Alert>}
      </Stack>
    </ConfirmDialog>
  );
};
