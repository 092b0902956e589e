import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { NotFoundPage } from '../../../components/ui/not-found-page';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { BackLink, Fact, PlanBadge } from '../../admin-hqs/components/hq-parts';
import { useAdminStore, type StoreDetail } from '../api/admin-stores-api';
import { StoreManagersCard } from './store-managers-card';
import { StoreStatusBadges, StoreTypeBadge } from './store-parts';
import { StoreStatusCard } from './store-status-card';
import '../admin-stores.messages';

/** /admin/stores/:id — the store's values, its status moves and closing, its manager accounts. */
export const StoreDetailPage = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-stores');
  const store = useAdminStore(id);
  if (store.error instanceof ApiError && store.error.code === 'STORE_NOT_FOUND') return <NotFoundPage />;
  return (
    <Stack maw={1080}>
      <BackLink to="/admin/stores">{t('detail.back')}</BackLink>
      {store.isPending && <><Title order={1} size="h2">{t('list.title')}</Title><Loader aria-label={t('common:loading')} /></>}
      {store.isError && <><Title order={1} size="h2">{t('list.title')}</Title><ErrorAlert error={store.error} /></>}
      {store.data && <StoreDetailBody store={store.data} />}
    </Stack>
  );
};

const StoreDetailBody = ({ store }: { store: StoreDetail }) => {
  const { t } = useTranslation('admin-stores');
  const none = <Text span c="dimmed">{t('detail.none')}</Text>;
  return (
    <>
      <Stack gap={6}>
        <Title order={1} size="h2">{store.name}</Title>
        <Group gap="xs">
          <StoreStatusBadges status={store.status} closedAt={store.closedAt} />
          <StoreTypeBadge type={store.type} />
          <PlanBadge plan={store.plan} />
        </Group>
      </Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-facts">
        <Stack>
          <Title order={2} size="h4" id="store-facts">{t('detail.facts')}</Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="dl" m={0}>
            <Fact label={t('detail.hq')}><Anchor component={Link} to={`/admin/hqs/${store.hqId}`}>{store.hqName}</Anchor></Fact>
            <Fact label={t('detail.billingDay')}>{store.billingAnchorDay ? t('detail.dayOfMonth', { day: store.billingAnchorDay }) : none}</Fact>
            <Fact label={t('detail.address')}>{store.address ?? none}</Fact>
            <Fact label={t('detail.managerName')}>{store.managerName ?? none}</Fact>
            <Fact label={t('detail.managerEmail')}>{store.managerEmail ?? none}</Fact>
            <Fact label={t('detail.managerPhone')}>{store.managerPhone ?? none}</Fact>
            <Fact label={t('detail.lastOnline')}>{store.lastOnlineAt ? <span title={formatDateTime(store.lastOnlineAt)}>{formatRelative(store.lastOnlineAt)}</span> : none}</Fact>
            <Fact label={t('detail.lastHeartbeat')}>{store.lastHeartbeatAt ? <span title={formatDateTime(store.lastHeartbeatAt)}>{formatRelative(store.lastHeartbeatAt)}</span> : none}</Fact>
            <Fact label={t('detail.createdAt')}>{formatDateTime(store.createdAt)}</Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
      <StoreStatusCard store={store} />
      <StoreManagersCard store={store} />
    </>
  );
};
