import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { checkReason } from '../hq-rules';
import { useSay } from './hq-parts';
import '../admin-hqs.messages';

/**
 * A confirmation that needs a reason (suspend, close: not blank, at most 255): the reason is
 * checked before sending; `extra` adds more fields and `ready` may hold the button back.
 */
export const ReasonDialog = ({ opened, title, body, reasonLabel, reasonHint, confirmLabel, onConfirm, onClose, loading, error, extra, ready = true, color = 'red' }: {
  opened: boolean;
  title: string;
  body: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  loading?: boolean;
  error?: unknown;
  extra?: ReactNode;
  ready?: boolean;
  color?: string;
}) => {
  const { t } = useTranslation();
  const say = useSay();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts empty (the dialog stays mounted between uses).
  useEffect(() => {
    if (opened) {
      setReason('');
      setProblem(null);
    }
  }, [opened]);
  const close = onClose;
  const submit = () => {
    const wrong = say(checkReason(reason));
    setProblem(wrong);
    if (!wrong) onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack>
          {typeof body === 'string' ? <Text size="sm">{body}</Text> : body}
          <Textarea
            label={reasonLabel}
            description={reasonHint}
            required
            autosize
            minRows={2}
            value={reason}
            error={problem}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          {extra}
          <ErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>{t('cancel')}</Button>
            <Button type="submit" color={color} loading={loading} disabled={!ready}>{confirmLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
