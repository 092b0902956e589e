import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatKstWithDay } from './kst-time';
import '../dispatch.messages';

/** The next occurrences a schedule will create, before it is saved; announced as it changes. */
export const OccurrencePreview = ({ next, total, endDate, problems }: { next: Date[]; total: number; endDate: string; problems: string[] }) => {
  const { t } = useTranslation('dispatch');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="occurrence-preview-title" data-testid="occurrence-preview">
      <Stack gap="xs">
        <Title order={2} size="h5" id="occurrence-preview-title">{t('previewTitle')}</Title>
        <div role="status" aria-live="polite">
          {problems.length > 0 ? (
            <Stack gap={2}>
              <Text size="sm" c="dimmed">{t('previewIncomplete')}</Text>
              <List size="sm" c="orange">
                {problems.map((p) => <List.Item key={p}>{p}</List.Item>)}
              </List>
            </Stack>
          ) : total === 0 ? (
            <Text size="sm" c="orange">{t('previewNone')}</Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm">{t('previewTotal', { count: total, end: endDate })}</Text>
              <List size="sm" spacing={2} aria-label={t('previewList')}>
                {next.map((at) => (
                  <List.Item key={at.getTime()} data-at={at.toISOString()}>{formatKstWithDay(at)}</List.Item>
                ))}
              </List>
              {total > next.length && <Text size="xs" c="dimmed">{t('previewMore', { count: total - next.length })}</Text>}
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
};
