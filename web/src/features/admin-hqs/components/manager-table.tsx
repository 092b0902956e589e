import { Badge, Button, Group, Menu, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { useManagerAction, type HqManager } from '../api/admin-hqs-api';
import { checkPassword } from '../hq-rules';
import { managerActionsFor, type ManagerAction, type ManagerKind } from '../manager-rules';
import { useSay } from './hq-parts';
import { ReasonDialog } from './reason-dialog';
import '../admin-hqs.messages';

const STATUS_COLOR = { ACTIVE: 'green', SUSPENDED: 'red', WITHDRAWN: 'gray' } as const;

/**
 * The manager accounts of an HQ or a store, each with the actions its status allows (spec 02 §
 * Manager account status); every action is confirmed, a reset asks for the temporary password.
 */
export const ManagerTable = ({ kind, managers, invalidate }: { kind: ManagerKind; managers: readonly HqManager[]; invalidate: readonly unknown[] }) => {
  const { t } = useTranslation('admin-hqs');
  const act = useManagerAction(kind, invalidate);
  const [pending, setPending] = useState<{ manager: HqManager; action: ManagerAction } | null>(null);
  const close = () => {
    act.reset();
    setPending(null);
  };
  const run = (extra: { tempPassword?: string; reason?: string } = {}) => {
    if (!pending) return;
    const { manager, action } = pending;
    act.mutate(
      { accountId: manager.id, action, ...extra },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(`managers.done.${action}`, { email: manager.email }) });
          close();
        },
      },
    );
  };
  if (managers.length === 0) return <Text size="sm" c="dimmed">{t('managers.none')}</Text>;
  const email = pending?.manager.email ?? '';

  return (
    <>
      <DataTable
        label={t('managers.table')}
        rows={managers}
        rowKey={(m) => m.id}
        minWidth={820}
        rowProps={(m) => ({ 'data-account-id': m.id, 'data-status': m.status })}
        columns={[
          { key: 'email', header: t('managers.email'), cell: (m) => m.email, strong: true },
          { key: 'name', header: t('managers.name'), cell: (m) => m.name ?? '—' },
          {
            key: 'status',
            header: t('managers.status'),
            cell: (m) => (
              <Group gap={4}>
                <Badge color={STATUS_COLOR[m.status]} variant="light">{t(`managers.statuses.${m.status}`)}</Badge>
                {m.passwordMustChange && m.status !== 'WITHDRAWN' && <Badge color="yellow" variant="outline">{t('managers.mustChange')}</Badge>}
              </Group>
            ),
          },
          { key: 'lastLogin', header: t('managers.lastLogin'), cell: (m) => (m.lastLoginAt ? <span title={formatDateTime(m.lastLoginAt)}>{formatRelative(m.lastLoginAt)}</span> : <Text span c="dimmed">{t('managers.never')}</Text>) },
          { key: 'createdAt', header: t('managers.createdAt'), cell: (m) => formatDateTime(m.createdAt) },
          {
            key: 'actions',
            header: t('managers.actions'),
            cell: (m) => {
              const actions = managerActionsFor(m.status);
              if (actions.length === 0) return <Text span c="dimmed">—</Text>;
              return (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={t('managers.actionLabel', { action: t('managers.actions'), email: m.email })}>
                      {t('managers.actions')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {actions.map((action) => (
                      <Menu.Item key={action} color={action === 'REVOKE' || action === 'SUSPEND' ? 'red' : undefined} onClick={() => setPending({ manager: m, action })}>
                        {t(`managers.action.${action}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              );
            },
          },
        ]}
      />
      <ReasonDialog
        opened={pending?.action === 'SUSPEND'}
        title={t('managers.actionLabel', { action: t('managers.action.SUSPEND'), email })}
        body={t('managers.suspendBody', { email })}
        reasonLabel={t('managers.reason')}
        reasonHint={t('managers.reasonHint')}
        confirmLabel={t('managers.action.SUSPEND')}
        onConfirm={(reason) => run({ reason })}
        onClose={close}
        loading={act.isPending}
        error={act.error}
      />
      <ResetPasswordDialog
        opened={pending?.action === 'RESET_PASSWORD'}
        email={email}
        onConfirm={(tempPassword) => run({ tempPassword })}
        onClose={close}
        loading={act.isPending}
        error={act.error}
      />
      {(['RESEND_SETUP', 'REACTIVATE', 'REVOKE'] as const).map((action) => (
        <ConfirmDialog
          key={action}
          opened={pending?.action === action}
          title={t('managers.actionLabel', { action: t(`managers.action.${action}`), email })}
          confirmLabel={t(`managers.action.${action}`)}
          color={action === 'REVOKE' ? 'red' : 'blue'}
          onConfirm={() => run()}
          onClose={close}
          loading={act.isPending}
          error={act.error}
        >
          {t(action === 'RESEND_SETUP' ? 'managers.resendBody' : action === 'REACTIVATE' ? 'managers.reactivateBody' : 'managers.revokeBody', { email })}
        </ConfirmDialog>
      ))}
    </>
  );
};

/** A reset asks for the temporary password (8..100), checked before sending. */
const ResetPasswordDialog = ({ opened, email, onConfirm, onClose, loading, error }: {
  opened: boolean;
  email: string;
  onConfirm: (tempPassword: string) => void;
  onClose: () => void;
  loading: boolean;
  error: unknown;
}) => {
  const { t } = useTranslation('admin-hqs');
  const say = useSay();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setProblem(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('managers.actionLabel', { action: t('managers.action.RESET_PASSWORD'), email })} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const wrong = say(checkPassword(password));
          setProblem(wrong);
          if (!wrong) onConfirm(password);
        }}
      >
        <Stack>
          <Text size="sm">{t('managers.resetBody', { email })}</Text>
          <PasswordInput label={t('managers.tempPassword')} description={t('managers.tempPasswordHint')} required autoComplete="new-password" value={password} error={problem} onChange={(e) => setPassword(e.currentTarget.value)} data-autofocus />
          <ErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>{t('common:cancel')}</Button>
            <Button type="submit" color="red" loading={loading}>{t('managers.action.RESET_PASSWORD')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
