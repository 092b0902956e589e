import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime, formatRelative } from '../../../lib/i18n/format-time';
import { useStoreSupportSignal } from '../api/fleet-api';
import '../hq-fleet.messages';

/** The stores' support tickets at a glance: how many wait for the HQ, and the latest store activity. */
export const SupportSignal = () => {
  const { t } = useTranslation('hq-fleet');
  const signal = useStoreSupportSignal();
  const data = signal.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="support-signal-title">
      <Stack gap="xs">
        <Group gap="xs">
          <IconHeadset size={18} aria-hidden />
          <Title order={2} size="h4" id="support-signal-title">{t('support.title')}</Title>
        </Group>
        <ErrorAlert error={signal.error} />
        {signal.isPending && <Skeleton height={40} />}
        {data && (
          <>
            <Text fw={600} data-testid="support-open-count">{t('support.open', { count: data.openOrInProgressCount })}</Text>
            <Text size="sm" c="dimmed">
              {data.latestStoreActivityAt ? (
                <span title={formatDateTime(data.latestStoreActivityAt)}>{t('support.latest', { ago: formatRelative(data.latestStoreActivityAt) })}</span>
              ) : (
                t('support.noActivity')
              )}
            </Text>
          </>
        )}
        <Anchor component={Link} to="/hq/support" size="sm">{t('support.link')}</Anchor>
      </Stack>
    </Paper>
  );
};
