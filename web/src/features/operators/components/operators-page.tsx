import { Badge, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useMe } from '../../auth/api/auth-api';
import { OPERATOR_PAGE_SIZE, useOperators, type AccountStatus, type Operator } from '../api/operators-api';
import { actionsFor, type OperatorAction } from '../operator-lifecycle';
import { CreateOperatorDialog } from './create-operator-dialog';
import { OperatorActionDialog } from './operator-action-dialog';
import '../operators.messages';

const STATUSES: AccountStatus[] = ['ACTIVE', 'SUSPENDED', 'WITHDRAWN'];
const STATUS_COLOR: Record<AccountStatus, string> = { ACTIVE: 'green', SUSPENDED: 'orange', WITHDRAWN: 'gray' };
const Q_MAX = 100;

/** /admin/operators — the operator accounts, searched and filtered, created, and moved through their lifecycle. */
export const OperatorsPage = () => {
  const { t } = useTranslation('operators');
  const me = useMe();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const [page, setPage] = useState(0);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.trim().length > Q_MAX;
  const list = useOperators({ q: qTooLong ? '' : debouncedQ, status, page });
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ operator: Operator; action: OperatorAction } | null>(null);
  const rows = list.data?.items ?? [];

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>{t('create')}</Button>
      </Group>
      <Group align="flex-start">
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('searchTooLong') : null}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
          w={320}
        />
        <Select
          label={t('statusFilter')}
          placeholder={t('allStatuses')}
          clearable
          data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v as AccountStatus | null);
            setPage(0);
          }}
          w={200}
        />
      </Group>
      <ErrorAlert error={list.error} />
      {list.isPending && <Loader aria-label={t('common:loading')} />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {rows.length > 0 && (
        <DataTable
          label={t('table')}
          rows={rows}
          rowKey={(r) => r.id}
          minWidth={900}
          busy={list.isFetching}
          rowProps={(r) => ({ 'data-email': r.email, 'data-status': r.status })}
          columns={[
            {
              key: 'email',
              header: t('email'),
              strong: true,
              cell: (r) => (
                <Group gap="xs" wrap="nowrap">
                  <span>{r.email}</span>
                  {r.id === me.data?.id && <Badge size="sm" variant="outline">{t('you')}</Badge>}
                </Group>
              ),
            },
            { key: 'name', header: t('name'), cell: (r) => r.name ?? '—' },
            {
              key: 'status',
              header: t('statusHeader'),
              cell: (r) => (
                <Group gap={4} wrap="nowrap">
                  <Badge color={STATUS_COLOR[r.status]} variant="light" data-testid="operator-status">{t(`status.${r.status}`)}</Badge>
                  {r.passwordMustChange && r.status === 'ACTIVE' && <Badge color="yellow" variant="dot" size="sm">{t('mustChange')}</Badge>}
                </Group>
              ),
            },
            { key: 'lastLogin', header: t('lastLogin'), cell: (r) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt) : t('never')) },
            { key: 'createdAt', header: t('createdAt'), cell: (r) => formatDateTime(r.createdAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (r) => (
                <Group gap={4} wrap="nowrap">
                  {actionsFor(r.status, r.id === me.data?.id).map((action) => (
                    <Button
                      key={action}
                      size="compact-xs"
                      variant={action === 'REVOKE' || action === 'SUSPEND' ? 'light' : 'default'}
                      color={action === 'REVOKE' || action === 'SUSPEND' ? 'red' : undefined}
                      aria-label={t('actionLabel', { action: t(`action.${action}`), email: r.email })}
                      onClick={() => setActing({ operator: r, action })}
                    >
                      {t(`action.${action}`)}
                    </Button>
                  ))}
                </Group>
              ),
            },
          ]}
        />
      )}
      {list.data && (
        <TablePager
          total={list.data.total}
          page={page}
          pageSize={OPERATOR_PAGE_SIZE}
          onPage={setPage}
          totalLabel={t('total', { count: list.data.total })}
          paginationLabel={t('pages')}
        />
      )}
      <CreateOperatorDialog opened={creating} onClose={() => setCreating(false)} />
      <OperatorActionDialog target={acting} onClose={() => setActing(null)} />
    </Stack>
  );
};
