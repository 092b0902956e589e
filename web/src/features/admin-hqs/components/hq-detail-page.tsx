import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconFileCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { NotFoundPage } from '../../../components/ui/not-found-page';
import { ApiError } from '../../../lib/errors/api-error';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { HqDefaultPlaylistCard } from '../../admin-catalog/components/hq-default-playlist-card';
import { hqKeys, useHq, type HqDetail } from '../api/admin-hqs-api';
import { BackLink, Fact, HqStatusBadge, HqTypeBadge, PlanBadge } from './hq-parts';
import { HqStatusCard } from './hq-status-card';
import { ImpersonateCard } from './impersonate-card';
import { ManagerTable } from './manager-table';
import '../admin-hqs.messages';

/** /admin/hqs/:id — the HQ's values, its status moves, impersonation, its managers, links to its stores and consents. */
export const HqDetailPage = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-hqs');
  const hq = useHq(id);
  if (hq.error instanceof ApiError && hq.error.code === 'HQ_NOT_FOUND') return <NotFoundPage />;
  return (
    <Stack maw={1080}>
      <BackLink to="/admin/hqs">{t('detail.back')}</BackLink>
      {hq.isPending && <><Title order={1} size="h2">{t('list.title')}</Title><Loader aria-label={t('common:loading')} /></>}
      {hq.isError && <><Title order={1} size="h2">{t('list.title')}</Title><ErrorAlert error={hq.error} /></>}
      {hq.data && <HqDetailBody hq={hq.data} />}
    </Stack>
  );
};

const HqDetailBody = ({ hq }: { hq: HqDetail }) => {
  const { t } = useTranslation('admin-hqs');
  const none = <Text span c="dimmed">{t('detail.none')}</Text>;
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Stack gap={6}>
          <Title order={1} size="h2">{hq.name}</Title>
          <Group gap="xs">
            <HqStatusBadge status={hq.status} />
            <HqTypeBadge type={hq.type} />
            <PlanBadge plan={hq.plan} />
          </Group>
        </Stack>
        <Group>
          <Button component={Link} to={`/admin/hqs/${hq.id}/consents`} variant="default" leftSection={<IconFileCheck size={16} aria-hidden />}>{t('detail.consents')}</Button>
          <Button component={Link} to={`/admin/stores?hqId=${hq.id}`} variant="default" leftSection={<IconBuildingStore size={16} aria-hidden />}>{t('detail.stores')}</Button>
          {hq.type === 'FRANCHISE' && (
            <Button component={Link} to={`/admin/stores/new?kind=affiliated&hqId=${hq.id}`} variant="light" leftSection={<IconPlus size={16} aria-hidden />}>{t('detail.addStore')}</Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-facts">
        <Stack>
          <Title order={2} size="h4" id="hq-facts">{t('detail.facts')}</Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0}>
            <Fact label={t('detail.businessNumber')}>{hq.businessNumber ?? none}</Fact>
            <Fact label={t('detail.plan')}>{hq.plan ? t(`planHint.${hq.plan}`) : none}</Fact>
            <Fact label={t('detail.billingDay')}>{hq.billingAnchorDay ? t('list.dayOfMonth', { day: hq.billingAnchorDay }) : none}</Fact>
            <Fact label={t('detail.storeCount')}>{hq.storeCount}</Fact>
            <Fact label={t('detail.llmAutoment')}>{hq.llmAutomentEnabled ? t('detail.on') : t('detail.off')}</Fact>
            <Fact label={t('detail.llmMaxPerHour')}>{hq.llmMaxPerHour}</Fact>
            <Fact label={t('detail.createdAt')}>{formatDateTime(hq.createdAt)}</Fact>
            <Fact label={t('detail.updatedAt')}>{formatDateTime(hq.updatedAt)}</Fact>
          </SimpleGrid>
          <dl style={{ margin: 0 }}>
            <Fact label={t('detail.llmKeywords')}>{hq.llmKeywords ?? none}</Fact>
          </dl>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <HqStatusCard hq={hq} />
        <ImpersonateCard hq={hq} />
      </SimpleGrid>
      {/* The HQ default playlist is admin-catalog's (H4): the stores without their own play it. */}
      <HqDefaultPlaylistCard hqId={hq.id} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-managers">
        <Stack>
          <Title order={2} size="h4" id="hq-managers">{t('managers.title')}</Title>
          <ManagerTable kind="hq-managers" managers={hq.managers} invalidate={hqKeys.detail(hq.id)} />
        </Stack>
      </Paper>
    </>
  );
};
