// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { HqSettingsPage } from '../../hq-settings/components/hq-settings-page';
import { StoresRoutes } from '../stores-routes';

// The stores and settings pages render answers shaped as the server's (a smoke test: no crash,
// the data shows, the spec's states are said).

const now = '2026-03-10T01:00:00.000Z';
const store = {
  id: 's1', name: 'Gangnam', address: 'Seoul', managerName: 'Kim', managerEmail: 'kim@x.test', phone: '010', type: 'FRANCHISE', status: 'ACTIVE', closedAt: null,
  storeManager: null, activePlaylist: null, effectivePlaylist: { id: 'p1', name: 'All day', source: 'DEFAULT' }, commercialCycleSongs: null, region: 'JEJU',
  duckEnabled: null, duckVolumePercent: null, duckFadeMs: null, hqDuckEnabled: true, hqDuckVolumePercent: 20, hqDuckFadeMs: 400, createdAt: now, updatedAt: now,
};
const ANSWERS: Array<[RegExp, unknown]> = [
  [/\/hq\/me$/, {
    id: 'h1', name: 'Lantern', type: 'FRANCHISE', plan: 'AI', status: 'ACTIVE', businessNumber: null, billingAnchorDay: 3, storeCount: 2,
    commercialCycleSongs: 6, duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400, createdAt: now,
  }],
  [/\/hq\/stores\/s1$/, store],
  [/\/hq\/stores$/, {
    items: [
      { id: 's2', name: 'Busan', type: 'DIRECT', status: 'SUSPENDED', address: null, managerName: null, lastOnlineAt: null, closedAt: null, createdAt: now, hasManagerAccount: false },
      { id: 's1', name: 'Gangnam', type: 'FRANCHISE', status: 'ACTIVE', address: 'Seoul', managerName: 'Kim', lastOnlineAt: now, closedAt: null, createdAt: now, hasManagerAccount: true },
    ],
    page: 0, size: 20, total: 2,
  }],
];
let requested: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requested = [];
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }));
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requested.push(url.pathname + url.search);
    const found = ANSWERS.find(([pattern]) => pattern.test(url.pathname));
    return new Response(JSON.stringify(found?.[1] ?? {}), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (path: string, node = <StoresRoutes />, route = '/hq/stores/*') =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes><Route path={route} element={node} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('HQ store pages', () => {
  it('list: the server’s order, badges, the no-account marker, and the URL’s filters sent', async () => {
    show('/hq/stores?status=SUSPENDED&hasManagerAccount=false&page=2');
    expect(await screen.findByText('Busan')).toBeTruthy();
    const names = screen.getAllByRole('link').map((a) => a.textContent).filter((n) => n === 'Busan' || n === 'Gangnam');
    expect(names).toEqual(['Busan', 'Gangnam']);
    expect(screen.getAllByText('No owner account')).toHaveLength(1);
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
    expect(requested.find((r) => r.startsWith('/api/v1/hq/stores?'))).toBe('/api/v1/hq/stores?status=SUSPENDED&hasManagerAccount=false&page=1&size=20');
  });

  it('detail: the HQ default playlist, the region in both languages, the inherited values', async () => {
    show('/hq/stores/s1');
    expect(await screen.findByText('HQ default: All day')).toBeTruthy();
    expect(screen.getByDisplayValue('Jeju · 제주특별자치도')).toBeTruthy();
    expect(await screen.findByText('Use the HQ value (6 songs)')).toBeTruthy();
    expect(screen.getByText('HQ defaults: on, volume 20 %, fade 400 ms')).toBeTruthy();
    expect(screen.getByText('This store has no owner account.')).toBeTruthy();
  });

  it('create and bulk pages render their forms', async () => {
    show('/hq/stores/new');
    expect(screen.getByRole('button', { name: 'Create the store' })).toBeTruthy();
    cleanup();
    show('/hq/stores/bulk');
    expect(screen.getByRole('button', { name: 'Download the template' })).toBeTruthy();
    expect(screen.getByText('매장명')).toBeTruthy();
  });

  it('settings: the profile and the two settings forms', async () => {
    show('/hq/settings', <HqSettingsPage />, '/hq/settings');
    expect(await screen.findByText('Lantern')).toBeTruthy();
    expect(screen.getByText('Day 3 of each month')).toBeTruthy();
    expect(screen.getByDisplayValue('6')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Listen' }).getAttribute('aria-pressed')).toBe('false');
  });
});
