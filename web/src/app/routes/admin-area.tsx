import { Card, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AreaShell } from '../../components/ui/area-shell';
import { RequireSession } from '../../features/auth/components/require-session';
import { session } from '../../lib/api/client';

/** The operator backoffice (its own chunk). Its pages come with the backoffice issue. */
export const AdminArea = () => {
  const { t } = useTranslation();
  return (
    <RequireSession role="OPERATOR">
      {(me) => (
        <AreaShell title={t('areas.admin')} account={me.email} onSignOut={() => void session.logout()} nav={[{ to: '/admin', label: t('areas.admin'), icon: <IconHome size={18} aria-hidden />, end: true }]}>
          <Card withBorder maw={640}>
            <Title order={1} size="h3">{t('areas.admin')}</Title>
            <Text mt="sm">{t('comingSoon')}</Text>
          </Card>
        </AreaShell>
      )}
    </RequireSession>
  );
};
