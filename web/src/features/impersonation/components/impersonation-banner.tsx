import { Button, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/api/client';
import { useImpersonation } from '../use-impersonation';
import '../impersonation.messages';

const clock = (ms: number) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
};

/** Across the top of the HQ console while an operator impersonates: who, for which HQ, how long. */
export const ImpersonationBanner = () => {
  const { t } = useTranslation('impersonation');
  const impersonation = useImpersonation();
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  if (!impersonation) return null;
  const left = Date.parse(impersonation.endsAt) - now;
  return (
    <Group h={36} px="md" justify="space-between" wrap="nowrap" bg="orange.1" role="status" data-testid="impersonation-banner">
      <Group gap="xs" wrap="nowrap">
        <IconUserShield size={18} aria-hidden />
        <Text size="sm" fw={600}>{t('banner', { email: impersonation.operatorEmail, hq: impersonation.hqName })}</Text>
        <Text size="sm" c="dimmed">{t('remaining', { time: clock(left) })}</Text>
      </Group>
      <Button size="compact-xs" variant="light" color="orange" onClick={() => { void session.logout().then(() => window.close()); }}>{t('end')}</Button>
    </Group>
  );
};
