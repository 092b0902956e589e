import { Anchor, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { API_CLIENT_PAGE_SIZE, useApiClients, type ApiClientStatus } from '../api/api-clients-api';
import { ApiClientStatusBadge } from './api-client-status-badge';
import '../api-clients.messages';

const STATUSES: ApiClientStatus[] = ['PENDING', 'APPROVED', 'REJECTED'];
const Q_MAX = 100;
const isStatus = (v: string | null): v is ApiClientStatus => STATUSES.includes(v as ApiClientStatus);

/** /admin/api-clients?status= — the sign-ups, pending ones first by default; the filter is part of the address. */
export const ApiClientsPage = () => {
  const { t } = useTranslation('api-clients');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ApiClientStatus | null = raw === 'ALL' ? null : isStatus(raw) ? raw : 'PENDING';
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const qTooLong = q.trim().length > Q_MAX;
  const list = useApiClients({ q: qTooLong ? '' : debouncedQ, status, page });
  const rows = list.data?.items ?? [];

  return (
    <Stack maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Group align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="client-status-filter">{t('statusFilter')}</Text>
          <SegmentedControl
            aria-labelledby="client-status-filter"
            value={status ?? 'ALL'}
            onChange={(v) => {
              setParams(v === 'PENDING' ? {} : { status: v }, { replace: true });
              setPage(0);
            }}
            data={[...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })), { value: 'ALL', label: t('all') }]}
          />
        </Stack>
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          error={qTooLong ? t('searchTooLong') : null}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
          w={340}
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
          minWidth={860}
          busy={list.isFetching}
          rowProps={(r) => ({ 'data-status': r.status, 'data-organization': r.organizationName })}
          columns={[
            { key: 'org', header: t('organization'), strong: true, cell: (r) => <Anchor component={Link} to={`/admin/api-clients/${r.id}`}>{r.organizationName}</Anchor> },
            {
              key: 'contact',
              header: t('contact'),
              cell: (r) => (
                <Stack gap={0}>
                  <Text size="sm">{r.contactName}</Text>
                  <Text size="xs" c="dimmed">{r.contactEmail}</Text>
                </Stack>
              ),
            },
            { key: 'status', header: t('statusHeader'), cell: (r) => <ApiClientStatusBadge status={r.status} /> },
            { key: 'createdAt', header: t('requestedAt'), cell: (r) => formatDateTime(r.createdAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (r) => (
                <Button component={Link} to={`/admin/api-clients/${r.id}`} size="xs" variant="default" aria-label={t('openLabel', { name: r.organizationName })}>
                  {t('open')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {list.data && (
        <TablePager total={list.data.total} page={page} pageSize={API_CLIENT_PAGE_SIZE} onPage={setPage} totalLabel={t('total', { count: list.data.total })} paginationLabel={t('pages')} />
      )}
    </Stack>
  );
};
