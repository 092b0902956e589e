import { Card, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AreaShell } from '../../components/ui/area-shell';
import { RequireSession } from '../../features/auth/components/require-session';
import { session } from '../../lib/api/client';

/** The HQ console (its own chunk). Its pages come with the HQ console issue. */
export const HqArea = () => {
  const { t } = useTranslation();
  return (
    <RequireSession role="HQ_MANAGER">
      {(me) => (
        <AreaShell title={t('areas.hq')} account={me.email} onSignOut={() => void session.logout()} nav={[{ to: '/hq', label: t('areas.hq'), icon: <IconHome size={18} aria-hidden />, end: true }]}>
          <Card withBorder maw={640}>
            <Title order={1} size="h3">{me.hqName ?? t('areas.hq')}</Title>
            <Text mt="sm">{t('comingSoon')}</Text>
          </Card>
        </AreaShell>
      )}
    </RequireSession>
  );
};
