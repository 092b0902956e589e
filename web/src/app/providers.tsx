import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/errors/api-error';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again; a network failure may.
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.isNetwork || error.status >= 500),
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});

export const AppProviders = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme}>
    <Notifications position="top-right" />
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);
