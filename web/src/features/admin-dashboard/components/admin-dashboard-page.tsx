import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { useAdminStats, useCatalogCounts, useHqStatusCounts, useStoreStatusCounts } from '../api/admin-dashboard-api';
import { HQ_STATUSES, MUSIC_SOURCES, STORE_STATUSES } from '../dashboard-rules';
import { FleetPlaybackSection } from './fleet-playback-section';
import { StatCard } from './stat-card';
import '../admin-dashboard.messages';

const HQ_STATUS_COLOR = { UNPAID: 'orange', SUSPENDED: 'red', ACTIVE: 'green', ONBOARDING: 'blue' } as const;
const STORE_STATUS_COLOR = { SUSPENDED: 'red', INACTIVE: 'gray', ACTIVE: 'green' } as const;

/** The first error of a group of queries (one alert per section, not one per card). */
const firstError = (queries: ReadonlyArray<Pick<UseQueryResult, 'error'>>) => queries.find((q) => q.error)?.error ?? null;

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Stack gap="sm" component="section" aria-labelledby={id}>
    <Title order={2} size="h3" id={id}>{title}</Title>
    {children}
  </Stack>
);

/** /admin: the platform at a glance (spec 02 GET /api/v1/admin/stats, list totals, fleet playback), re-read every 30 s. */
export const AdminDashboardPage = () => {
  const { t } = useTranslation('admin-dashboard');
  const queryClient = useQueryClient();
  const stats = useAdminStats();
  const hqs = useHqStatusCounts();
  const stores = useStoreStatusCounts();
  const catalog = useCatalogCounts();
  const s = stats.data;
  const allMusic = catalog[MUSIC_SOURCES.length];

  return (
    <Stack maw={1200} gap="xl">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="dashboard-updated">
            {stats.dataUpdatedAt ? t('updatedAt', { time: formatDateTime(new Date(stats.dataUpdatedAt).toISOString()) }) : t('updating')}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={stats.isFetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['admin-dashboard'] })}
          >
            {t('refresh')}
          </Button>
        </Group>
      </Stack>

      <Section id="dashboard-tickets" title={t('tickets.heading')}>
        <ErrorAlert error={stats.error} />
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard testId="tickets-open" label={t('tickets.open')} value={s?.tickets.open} pending={stats.isPending} color="blue" to="/admin/tickets" linkLabel={t('tickets.link')} />
          <StatCard testId="tickets-in-progress" label={t('tickets.inProgress')} value={s?.tickets.inProgress} pending={stats.isPending} color="orange" />
          <StatCard testId="tickets-resolved" label={t('tickets.resolved')} value={s?.tickets.resolved} pending={stats.isPending} />
          <StatCard testId="tickets-closed" label={t('tickets.closed')} value={s?.tickets.closed} pending={stats.isPending} />
        </SimpleGrid>
      </Section>

      <Section id="dashboard-hqs" title={t('hqs.heading')}>
        {s && <Text size="sm" data-testid="hq-total">{t('hqs.total', { count: s.hqCount })}</Text>}
        <ErrorAlert error={firstError(hqs)} />
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {HQ_STATUSES.map((status, i) => (
            <StatCard
              key={status}
              testId={`hqs-${status}`}
              label={t(`hqs.status.${status}`)}
              value={hqs[i]?.data}
              pending={hqs[i]?.isPending}
              color={HQ_STATUS_COLOR[status]}
              to={`/admin/hqs?status=${status}&type=FRANCHISE`}
              linkLabel={t('statusLink', { group: t('hqs.heading'), status: t(`hqs.status.${status}`), count: hqs[i]?.data ?? 0 })}
            />
          ))}
        </SimpleGrid>
      </Section>

      <Section id="dashboard-stores" title={t('stores.heading')}>
        {s && <Text size="sm" data-testid="store-total">{t('stores.total', { count: s.storeCount })}</Text>}
        <ErrorAlert error={firstError(stores)} />
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {STORE_STATUSES.map((status, i) => (
            <StatCard
              key={status}
              testId={`stores-${status}`}
              label={t(`stores.status.${status}`)}
              value={stores[i]?.data}
              pending={stores[i]?.isPending}
              color={STORE_STATUS_COLOR[status]}
              to={`/admin/stores?status=${status}`}
              linkLabel={t('statusLink', { group: t('stores.heading'), status: t(`stores.status.${status}`), count: stores[i]?.data ?? 0 })}
            />
          ))}
        </SimpleGrid>
      </Section>

      <FleetPlaybackSection />

      <Section id="dashboard-catalog" title={t('catalog.heading')}>
        {typeof allMusic?.data === 'number' && <Text size="sm" data-testid="music-total">{t('catalog.total', { count: allMusic.data })}</Text>}
        <ErrorAlert error={firstError(catalog)} />
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {MUSIC_SOURCES.map((source, i) => (
            <StatCard
              key={source}
              testId={`music-${source}`}
              label={t(`catalog.source.${source}`)}
              value={catalog[i]?.data}
              pending={catalog[i]?.isPending}
              color={source === 'TRUST' ? 'grape' : 'cyan'}
              to={`/admin/music?source=${source}`}
              linkLabel={t('catalog.link')}
            />
          ))}
        </SimpleGrid>
      </Section>
    </Stack>
  );
};
