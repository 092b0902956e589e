import { Button, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/api/client';
import { remainingClock } from '../remaining-time';
import { useImpersonation } from '../use-impersonation';
import '../impersonation.messages';

/** Across the top of the HQ console while an operator impersonates: who, for which HQ, how long. */
export const ImpersonationBanner = () => {
  const { t } = useTranslation('impersonation');
  const impersonation = useImpersonation();
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  if (!impersonation) return null;
  return (
    // A labelled region, not a live one: a countdown announced every second would drown everything else.
    <Group h={36} px="md" justify="space-between" wrap="nowrap" bg="orange.1" role="region" aria-label={t('bannerLabel')} data-testid="impersonation-banner">
      <Group gap="xs" wrap="nowrap">
        <IconUserShield size={18} aria-hidden />
        <Text size="sm" fw={600}>{t('banner', { email: impersonation.operatorEmail, hq: impersonation.hqName })}</Text>
        <Text size="sm" c="dimmed">{t('remaining', { time: remainingClock(impersonation.endsAt, now) })}</Text>
      </Group>
      <Button size="compact-xs" variant="light" color="orange" onClick={() => { void session.logout().then(() => window.close()); }}>{t('end')}</Button>
    </Group>
  );
};
