import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../announcements.messages';

/**
 * While the server synthesizes the speech (a few seconds; the call gives no progress of its own):
 * a moving bar and the seconds so far, announced politely to screen readers.
 */
export const SynthesisProgress = ({ active }: { active: boolean }) => {
  const { t } = useTranslation('announcements');
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!active) return;
    setSeconds(0);
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  if (!active) return null;
  return (
    <Stack gap={4} role="status" aria-live="polite" data-testid="synthesis-progress">
      <Progress value={100} striped animated aria-label={t('synthesizing')} />
      <Text size="sm" c="dimmed">{t('synthesizingFor', { seconds })}</Text>
    </Stack>
  );
};
