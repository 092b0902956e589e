import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

/**
 * A confirmation for a destructive action (delete, cancel, revoke): the question, the error of a
 * failed try, and the two choices. Used by the broadcast, devices and store-tickets features.
 */
export const ConfirmDialog = ({ opened, title, children, confirmLabel, cancelLabel, onConfirm, onClose, loading, error, color = 'red' }: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  error?: unknown;
  color?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>{cancelLabel ?? t('cancel')}</Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
};
