import { Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useApproveClient, useRejectClient, type ApiClient } from '../api/api-clients-api';
import { REJECT_REASON_MAX, rejectReasonProblem } from '../api-client-rules';
import '../api-clients.messages';

export type Decision = 'APPROVE' | 'REJECT';

/** Approve (a confirmation) or reject (with its reason) a PENDING sign-up. */
export const ClientDecisionDialog = ({ client, decision, onClose }: { client: ApiClient; decision: Decision | null; onClose: () => void }) => {
  const { t } = useTranslation('api-clients');
  const approve = useApproveClient(client.id);
  const reject = useRejectClient(client.id);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = client.organizationName;
  const running = decision === 'REJECT' ? reject : approve;
  const close = () => {
    approve.reset();
    reject.reset();
    setReason('');
    setProblem(null);
    onClose();
  };
  const confirm = () => {
    if (decision === 'APPROVE') {
      approve.mutate(undefined, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('approved', { name }) });
          close();
        },
      });
      return;
    }
    const p = rejectReasonProblem(reason);
    if (p) return setProblem(p === 'REQUIRED' ? t('rejectReasonRequired') : t('rejectReasonTooLong'));
    reject.mutate(reason, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('rejected', { name }) });
        close();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={decision !== null}
      title={decision === 'REJECT' ? t('rejectTitle', { name }) : t('approveTitle', { name })}
      confirmLabel={decision === 'REJECT' ? t('reject') : t('approve')}
      cancelLabel={t('keep')}
      color={decision === 'REJECT' ? 'red' : 'green'}
      onClose={close}
      onConfirm={confirm}
      loading={running.isPending}
      error={running.error}
    >
      <Stack gap="sm">
        <Text>{decision === 'REJECT' ? t('rejectBody', { name }) : t('approveBody', { name })}</Text>
        {decision === 'REJECT' && (
          <Textarea
            label={t('rejectReason')}
            required
            autosize
            minRows={2}
            value={reason}
            error={problem}
            description={t('common:lengthCounter', { count: reason.trim().length, max: REJECT_REASON_MAX })}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setProblem(null);
            }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
};
