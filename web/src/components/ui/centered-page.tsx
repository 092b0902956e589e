import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';

/** The frame of the pages outside an area: sign-in, setup, reset, agreements. */
export const CenteredPage = ({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) => {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={width} gap="md">
        <Group justify="space-between">
          <Text fw={700} c="blue" size="lg">{t('appName')}</Text>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={1} size="h2">{title}</Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
