import { PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useOperatorAction, type Operator } from '../api/operators-api';
import { passwordProblem, REASON_MAX, reasonProblem, type OperatorAction } from '../operator-lifecycle';
import '../operators.messages';

/** Confirms one lifecycle action; suspension asks for its reason, a password reset for the temporary password. */
export const OperatorActionDialog = ({ target, onClose }: { target: { operator: Operator; action: OperatorAction } | null; onClose: () => void }) => {
  const { t } = useTranslation('operators');
  const run = useOperatorAction();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = target?.action;
  const email = target?.operator.email ?? '';
  const close = () => {
    setInput('');
    setProblem(null);
    run.reset();
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    if (action === 'SUSPEND') {
      const p = reasonProblem(input);
      if (p) return setProblem(p === 'REQUIRED' ? t('reasonRequired') : t('reasonTooLong'));
    }
    if (action === 'RESET_PASSWORD') {
      const p = passwordProblem(input);
      if (p) return setProblem(p === 'TOO_SHORT' ? t('passwordTooShort') : t('passwordTooLong'));
    }
    run.mutate(
      { action: target.action, accountId: target.operator.id, input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(`done.${target.action}`, { email }) });
          close();
        },
      },
    );
  };
  const destructive = action === 'SUSPEND' || action === 'REVOKE' || action === 'RESET_PASSWORD';
  return (
    <ConfirmDialog
      opened={target !== null}
      title={action ? t('actionLabel', { action: t(`action.${action}`), email }) : ''}
      confirmLabel={action ? t(`action.${action}`) : ''}
      cancelLabel={t('keep')}
      color={destructive ? 'red' : 'blue'}
      onClose={close}
      onConfirm={confirm}
      loading={run.isPending}
      error={run.error}
    >
      <Stack gap="sm">
        <Text>{action ? t(`confirm.${action}`, { email }) : ''}</Text>
        {action === 'SUSPEND' && (
          <Textarea
            label={t('reason')}
            required
            autosize
            minRows={2}
            value={input}
            error={problem}
            description={t('common:lengthCounter', { count: input.trim().length, max: REASON_MAX })}
            onChange={(e) => {
              setInput(e.currentTarget.value);
              setProblem(null);
            }}
          />
        )}
        {action === 'RESET_PASSWORD' && (
          <PasswordInput
            label={t('newTempPassword')}
            required
            autoComplete="new-password"
            value={input}
            error={problem}
            onChange={(e) => {
              setInput(e.currentTarget.value);
              setProblem(null);
            }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
};
