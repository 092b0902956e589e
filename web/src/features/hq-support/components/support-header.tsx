import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSupportSignal } from '../api/support-api';
import { isNewer } from '../../store-tickets/last-seen';
import { useSupportSeen } from '../support-seen';
import '../hq-support.messages';

export type SupportTab = 'store-tickets' | 'tickets';

/** The page title and the two channels as tabs; the store tab says when stores wrote since the last look. */
export const SupportHeader = ({ tab, action }: { tab: SupportTab; action?: ReactNode }) => {
  const { t } = useTranslation('hq-support');
  const navigate = useNavigate();
  const signal = useSupportSignal();
  const seen = useSupportSeen();
  const storeNews = tab !== 'store-tickets' && isNewer(signal.data?.latestStoreActivityAt, seen.storeActivityAt);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('title')}</Title>
          <Text c="dimmed">{tab === 'store-tickets' ? t('storeIntro') : t('hqIntro')}</Text>
        </Stack>
        {action}
      </Group>
      <Tabs value={tab} onChange={(value) => value && void navigate(`/hq/support/${value}`)} keepMounted={false}>
        <Tabs.List aria-label={t('tabs')}>
          <Tabs.Tab value="store-tickets" rightSection={storeNews ? <Badge size="xs" color="red" variant="filled">{t('newActivity')}</Badge> : undefined}>
            {t('storeTab')}
          </Tabs.Tab>
          <Tabs.Tab value="tickets">{t('hqTab')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
    </Stack>
  );
};
