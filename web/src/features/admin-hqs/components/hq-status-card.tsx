import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useHqStatusMove, type HqDetail } from '../api/admin-hqs-api';
import { hqActionsFor, type HqAction } from '../hq-rules';
import { HqStatusBadge } from './hq-parts';
import { ReasonDialog } from './reason-dialog';
import '../admin-hqs.messages';

/** The HQ's status and the moves its status allows; suspend asks for the reason, the others confirm. */
export const HqStatusCard = ({ hq }: { hq: HqDetail }) => {
  const { t } = useTranslation('admin-hqs');
  const move = useHqStatusMove(hq.id);
  const [pending, setPending] = useState<HqAction | null>(null);
  const actions = hqActionsFor(hq);
  const close = () => {
    move.reset();
    setPending(null);
  };
  const run = (action: HqAction, reason?: string) =>
    move.mutate(
      { action, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(`actions.done.${action}`) });
          close();
        },
      },
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-status">
      <Stack>
        <Title order={2} size="h4" id="hq-status">{t('detail.statusTitle')}</Title>
        <Group gap="xs">
          <Text size="sm">{t('detail.statusNow')}</Text>
          <HqStatusBadge status={hq.status} />
        </Group>
        {hq.status === 'SUSPENDED' && hq.suspensionReason && (
          <Alert color="red" variant="light" data-testid="suspension-reason">{t('detail.suspendedBecause', { reason: hq.suspensionReason })}</Alert>
        )}
        {hq.type === 'INDEPENDENT' && <Text size="sm" c="dimmed">{t('actions.independentNoSuspend')}</Text>}
        {actions.length === 0 ? (
          <Text size="sm" c="dimmed">{t('actions.none')}</Text>
        ) : (
          <Group>
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === 'SUSPEND' ? 'light' : 'filled'}
                color={action === 'SUSPEND' ? 'red' : undefined}
                title={t(`actions.hint.${action}`)}
                onClick={() => setPending(action)}
              >
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <ReasonDialog
        opened={pending === 'SUSPEND'}
        title={t('actions.suspendTitle', { name: hq.name })}
        body={t('actions.suspendBody')}
        reasonLabel={t('actions.reason')}
        reasonHint={t('actions.reasonHint')}
        confirmLabel={t('actions.SUSPEND')}
        onConfirm={(reason) => run('SUSPEND', reason)}
        onClose={close}
        loading={move.isPending}
        error={move.error}
      />
      {pending && pending !== 'SUSPEND' && (
        <ConfirmDialog
          opened
          title={t('actions.confirmTitle', { action: t(`actions.${pending}`), name: hq.name })}
          confirmLabel={t(`actions.${pending}`)}
          color="blue"
          onConfirm={() => run(pending)}
          onClose={close}
          loading={move.isPending}
          error={move.error}
        >
          {t('actions.confirmBody', { hint: t(`actions.hint.${pending}`) })}
        </ConfirmDialog>
      )}
    </Paper>
  );
};
