import { Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../admin-dashboard.messages';

/** One figure with its name; a loader until it is known, a dash when it could not be read. */
export const StatCard = ({ label, value, pending, testId, to, linkLabel, color, footer }: {
  label: string;
  value: number | null | undefined;
  pending?: boolean;
  testId: string;
  to?: string;
  linkLabel?: string;
  color?: string;
  footer?: ReactNode;
}) => {
  const { t } = useTranslation('admin-dashboard');
  const known = typeof value === 'number';
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" fw={600} c={color ?? 'dimmed'}>{label}</Text>
        {!known && pending ? (
          <Loader size="sm" aria-label={t('common:loading')} />
        ) : (
          <Text fz={32} fw={700} lh={1.2} data-testid={`${testId}-value`}>
            {known ? value.toLocaleString() : t('unknown')}
          </Text>
        )}
        {footer}
        {to && known && (
          <Anchor component={Link} to={to} size="sm" aria-label={linkLabel}>
            {t('list')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
};
