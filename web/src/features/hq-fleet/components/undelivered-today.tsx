import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { UNDELIVERED_PAGE_SIZE, useUndeliveredToday } from '../api/fleet-api';
import '../hq-fleet.messages';

/** Stores whose announcements due today (KST) are still PENDING, by store name, paged. */
export const UndeliveredToday = () => {
  const { t } = useTranslation('hq-fleet');
  const [page, setPage] = useState(0);
  const stores = useUndeliveredToday(page);
  const items = stores.data?.items ?? [];
  const total = stores.data?.total ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="undelivered-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="undelivered-title">{t('undelivered.title')}</Title>
          <Text size="sm" c="dimmed">{t('undelivered.intro')}</Text>
        </Stack>
        <ErrorAlert error={stores.error} />
        {stores.isPending && <Loader size="sm" aria-label={t('common:loading')} />}
        {stores.isSuccess && total === 0 && <Text size="sm" c="dimmed">{t('undelivered.empty')}</Text>}
        {items.length > 0 && (
          <DataTable
            label={t('undelivered.table')}
            rows={items}
            rowKey={(s) => s.storeId}
            minWidth={480}
            busy={stores.isFetching}
            columns={[
              { key: 'store', header: t('undelivered.store'), cell: (s) => <Anchor component={Link} to={`/hq/stores/${s.storeId}`}>{s.storeName ?? t('undelivered.unnamed')}</Anchor> },
              { key: 'pending', header: t('undelivered.pendingCount'), cell: (s) => t('undelivered.pending', { count: s.pendingCount }) },
              { key: 'oldest', header: t('undelivered.oldestDueAt'), cell: (s) => formatDateTime(s.oldestDueAt) },
            ]}
          />
        )}
        <TablePager
          total={total}
          page={page}
          pageSize={stores.data?.size ?? UNDELIVERED_PAGE_SIZE}
          onPage={setPage}
          totalLabel={t('undelivered.total', { count: total })}
          paginationLabel={t('undelivered.pagination')}
        />
      </Stack>
    </Paper>
  );
};
