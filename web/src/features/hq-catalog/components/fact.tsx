import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value in a detail page's facts. */
export const Fact = ({ label, value }: { label: string; value: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">{label}</Text>
    <Text fw={600}>{value}</Text>
  </Stack>
);
