import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { ReasonDialog } from '../../admin-hqs/components/reason-dialog';
import { useStoreStatusMove, type StoreDetail } from '../api/admin-stores-api';
import { storeActionsFor, typedConfirmationMatches, type StoreAction } from '../store-rules';
import { StoreStatusBadges } from './store-parts';
import '../admin-stores.messages';

/**
 * The store's status and the moves it allows: suspend (reason), reactivate (confirm), close
 * (reason and the store's name typed: the button stays disabled until it matches).
 */
export const StoreStatusCard = ({ store }: { store: StoreDetail }) => {
  const { t } = useTranslation('admin-stores');
  const move = useStoreStatusMove(store.id);
  const [pending, setPending] = useState<StoreAction | null>(null);
  const [typed, setTyped] = useState('');
  const actions = storeActionsFor(store);
  useEffect(() => {
    if (pending === 'CLOSE') setTyped('');
  }, [pending]);
  const close = () => {
    move.reset();
    setPending(null);
  };
  const run = (action: StoreAction, reason?: string) =>
    move.mutate(
      { action, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(`actions.done.${action}`) });
          close();
        },
      },
    );
  const matches = typedConfirmationMatches(typed, store.name);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-status">
      <Stack>
        <Title order={2} size="h4" id="store-status">{t('detail.statusTitle')}</Title>
        <Group gap="xs">
          <Text size="sm">{t('detail.statusNow')}</Text>
          <StoreStatusBadges status={store.status} closedAt={store.closedAt} />
        </Group>
        {store.closedAt && <Alert color="dark" variant="light" data-testid="closed-notice">{t('detail.closedNotice', { time: formatDateTime(store.closedAt) })}</Alert>}
        {actions.length === 0 ? (
          <Text size="sm" c="dimmed">{t('detail.noActions')}</Text>
        ) : (
          <Group>
            {actions.map((action) => (
              <Button key={action} variant={action === 'REACTIVATE' ? 'filled' : 'light'} color={action === 'REACTIVATE' ? undefined : 'red'} onClick={() => setPending(action)}>
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <ReasonDialog
        opened={pending === 'SUSPEND'}
        title={t('actions.suspendTitle', { name: store.name })}
        body={t('actions.suspendBody')}
        reasonLabel={t('actions.reason')}
        reasonHint={t('actions.reasonHint')}
        confirmLabel={t('actions.SUSPEND')}
        onConfirm={(reason) => run('SUSPEND', reason)}
        onClose={close}
        loading={move.isPending}
        error={move.error}
      />
      <ConfirmDialog
        opened={pending === 'REACTIVATE'}
        title={t('actions.reactivateTitle', { name: store.name })}
        confirmLabel={t('actions.REACTIVATE')}
        color="blue"
        onConfirm={() => run('REACTIVATE')}
        onClose={close}
        loading={move.isPending}
        error={move.error}
      >
        {t('actions.reactivateBody')}
      </ConfirmDialog>
      <ReasonDialog
        opened={pending === 'CLOSE'}
        title={t('actions.closeTitle', { name: store.name })}
        body={<Alert color="red" variant="light">{t('actions.closeBody')}</Alert>}
        reasonLabel={t('actions.reason')}
        reasonHint={t('actions.reasonHint')}
        confirmLabel={t('actions.CLOSE')}
        onConfirm={(reason) => matches && run('CLOSE', reason)}
        onClose={close}
        loading={move.isPending}
        error={move.error}
        ready={matches}
        extra={
          <TextInput
            label={t('actions.closeType', { name: store.name })}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            description={typed && !matches ? t('actions.closeMismatch') : undefined}
            data-testid="close-confirmation"
          />
        }
      />
    </Paper>
  );
};
