import { Card, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RequireSession } from '../../features/auth/components/require-session';
import { session } from '../../lib/api/client';
import type { Role } from '../../lib/auth/session';
import { AreaShell } from './area-shell';

/** An area whose pages come with a later issue: signed in behind its gates, it says so. */
export const AreaPlaceholder = ({ area, role, path }: { area: 'hq' | 'admin'; role: Role; path: string }) => {
  const { t } = useTranslation();
  return (
    <RequireSession role={role}>
      {(me) => (
        <AreaShell title={t(`areas.${area}`)} account={me.email} onSignOut={() => void session.logout()} nav={[{ to: path, label: t(`areas.${area}`), icon: <IconHome size={18} aria-hidden />, end: true }]}>
          <Card withBorder maw={640}>
            <Title order={1} size="h3">{me.hqName ?? t(`areas.${area}`)}</Title>
            <Text mt="sm">{t('comingSoon')}</Text>
          </Card>
        </AreaShell>
      )}
    </RequireSession>
  );
};
