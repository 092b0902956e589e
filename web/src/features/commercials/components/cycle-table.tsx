import { Anchor, Badge, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, TablePager } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { CYCLE_STORES_PAGE_SIZE, useCycleStores, useHqMe, useStoreDetails } from '../api/commercials-api';
import { effectiveCycle } from '../cycle-rules';
import '../commercials.messages';

/**
 * "Every N songs" as each store plays it: the HQ value (GET /hq/me) unless the store has its own
 * (GET /hq/stores/{id}); a page of stores at a time, since each needs its detail read. The value
 * is edited on the store's page, which each row links to.
 */
export const CycleTable = () => {
  const { t } = useTranslation('commercials');
  const [page, setPage] = useState(0);
  const hq = useHqMe();
  const stores = useCycleStores(page);
  const items = stores.data?.items ?? [];
  const details = useStoreDetails(items.map((s) => s.id));
  const total = stores.data?.total ?? 0;
  const hqValue = hq.data?.commercialCycleSongs;
  const every = (count: number) => t('everySongs', { count });

  return (
    <Stack component="section" aria-labelledby="commercial-cycle">
      <Title order={2} size="h4" id="commercial-cycle">{t('cycleTitle')}</Title>
      {hq.data && (
        <Group gap="xs">
          <Text size="sm">{t('cycleIntro', { every: every(effectiveCycle(null, hqValue).songs) })}</Text>
          <Anchor component={Link} to="/hq/settings" size="sm">{t('cycleSettings')}</Anchor>
        </Group>
      )}
      <ErrorAlert error={hq.error ?? stores.error} />
      {(stores.isPending || hq.isPending) && <Loader aria-label={t('common:loading')} />}
      {stores.isSuccess && total === 0 && <Text c="dimmed">{t('cycleEmpty')}</Text>}
      {items.length > 0 && hq.data && (
        <DataTable
          label={t('cycleTable')}
          rows={items.map((store, i) => ({ store, detail: details[i] }))}
          rowKey={({ store }) => store.id}
          minWidth={560}
          busy={stores.isFetching || details.some((d) => d?.isFetching)}
          columns={[
            { key: 'store', header: t('colStore'), cell: ({ store }) => <Anchor component={Link} to={`/hq/stores/${store.id}`} fw={600}>{store.name}</Anchor> },
            {
              key: 'override',
              header: t('colOverride'),
              cell: ({ detail }) =>
                !detail || detail.isPending ? <Skeleton h={16} w={80} aria-label={t('common:loading')} />
                : detail.isError ? <Text size="sm" c="red">{t('storeLoadFailed')}</Text>
                : detail.data.commercialCycleSongs == null ? <Text size="sm" c="dimmed">{t('hqDefault')}</Text>
                : every(detail.data.commercialCycleSongs),
            },
            {
              key: 'effective',
              header: t('colEffective'),
              cell: ({ detail }) => {
                if (!detail?.data) return null;
                const cycle = effectiveCycle(detail.data.commercialCycleSongs, hqValue);
                return (
                  <Badge variant="light" color={cycle.source === 'STORE' ? 'grape' : 'gray'} data-source={cycle.source}>
                    {every(cycle.songs)}
                  </Badge>
                );
              },
            },
          ]}
        />
      )}
      <TablePager total={total} page={page} pageSize={stores.data?.size ?? CYCLE_STORES_PAGE_SIZE} onPage={setPage} totalLabel={t('storesTotal', { count: total })} paginationLabel={t('pagination')} />
    </Stack>
  );
};
