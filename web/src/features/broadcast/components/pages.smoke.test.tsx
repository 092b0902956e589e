// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { DevicesPage } from '../../devices/components/devices-page';
import { DeviceLimitPanel } from '../../devices/components/device-limit-panel';
import { StoreProfilePage } from '../../store-profile/components/store-profile-page';
import { TicketDetailPage } from '../../store-tickets/components/ticket-detail-page';
import { TicketsBadge } from '../../store-tickets/components/tickets-badge';
import { TicketsPage } from '../../store-tickets/components/tickets-page';
import { BroadcastPage } from './broadcast-page';
import { ReservationsPage } from './reservations-page';
import { TemplatesPage } from './templates-page';

// Every page of the broadcast, devices, store-tickets and store-profile features renders its data
// from answers shaped as the server's (a smoke test: no crash, the data shows).

const now = '2026-03-10T01:00:00.000Z';
const ANSWERS: Array<[RegExp, unknown]> = [
  [/\/store\/broadcast-templates$/, { items: [{ id: 't1', name: 'Closing', text: 'We close in 10 minutes.', voice: 'AERAN', createdAt: now, updatedAt: now }], total: 1 }],
  [/\/store\/scheduled-broadcasts/, { items: [{ dispatchId: 'd1', announcementTitle: 'Sale', audioUrl: '/a.mp3', scheduledAt: now, isEmergency: true, createdAt: now }], page: 0, size: 20, total: 1 }],
  [/\/store\/devices\/[^/]+\/playlist$/, { deviceId: 'dev1', playlist: { id: 'p1', name: 'Morning' } }],
  [/\/store\/devices$/, { items: [{ id: 'dev1', deviceKey: 'k', label: 'Counter PC', createdAt: now, updatedAt: now, playlist: null }] }],
  [/\/store\/me$/, {
    id: 's1', name: 'Gangnam', address: 'Seoul', hqId: 'h1', hqName: 'Cafe HQ', hqType: 'FRANCHISE', plan: 'TRUST', status: 'ACTIVE', type: 'FRANCHISE', region: 'SEOUL',
    managerName: 'Kim', managerEmail: null, managerPhone: null, commercialCycleSongs: 7, hqCommercialCycleSongs: 5, duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400,
    activeDeviceCount: 1, deviceLimit: 4, closedAt: null, createdAt: now, updatedAt: now,
  }],
  [/\/store\/support\/unread-signal$/, { latestOperatorReplyAt: now }],
  [/\/store\/tickets\/x1$/, {
    id: 'x1', title: 'No sound', body: 'The player is silent.', status: 'RESOLVED', category: 'PLAYBACK', commentCount: 1, createdAt: now, updatedAt: now,
    comments: [{ id: 'c1', body: 'Please reload.', authorRole: 'OPERATOR', createdAt: now }],
    attachments: [{ attId: 'a1', commentId: null, fileName: 'shot.png', contentType: 'image/png', sizeBytes: 2048, createdAt: now, downloadUrl: 'https://s3/shot.png' }],
  }],
  [/\/store\/tickets/, { items: [{ id: 'x1', title: 'No sound', status: 'OPEN', category: 'PLAYBACK', commentCount: 0, createdAt: now, updatedAt: now }], page: 0, size: 20, total: 1 }],
];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }));
  // happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const found = ANSWERS.find(([pattern]) => pattern.test(url.pathname));
    return new Response(JSON.stringify(found?.[1] ?? {}), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (node: ReactNode, path = '/', route = '*') =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes><Route path={route} element={node} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('store pages', () => {
  it('broadcast: fills a template from ?templateId=', async () => {
    show(<BroadcastPage />, '/?templateId=t1');
    expect(await screen.findByDisplayValue('We close in 10 minutes.')).toBeTruthy();
    expect(screen.getByText('23 / 200 characters')).toBeTruthy();
  });

  it('templates: lists them with the count', async () => {
    show(<TemplatesPage />);
    expect(await screen.findByText('Closing')).toBeTruthy();
    expect(screen.getByText('1 / 20')).toBeTruthy();
  });

  it('reservations: lists them', async () => {
    show(<ReservationsPage />);
    expect(await screen.findByText('Sale')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel the reservation Sale' })).toBeTruthy();
  });

  it('devices: lists them with their playlist', async () => {
    show(<DevicesPage />);
    expect(await screen.findByText('Counter PC')).toBeTruthy();
    expect(await screen.findByText('Own playlist: Morning')).toBeTruthy();
  });

  it('device limit panel: the sentence and revoke buttons', async () => {
    show(<DeviceLimitPanel onRevoked={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Revoke Counter PC' })).toBeTruthy();
    expect(screen.getByText(/at most 4 devices/)).toBeTruthy();
  });

  it('tickets: list, detail and the badge', async () => {
    show(<TicketsPage />);
    expect(await screen.findByText('No sound')).toBeTruthy();
    cleanup();
    localStorage.clear();
    show(<TicketsBadge />);
    expect(await screen.findByText('new reply')).toBeTruthy();
    cleanup();
    show(<TicketDetailPage />, '/tickets/x1', '/tickets/:ticketId');
    expect(await screen.findByText('Please reload.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download shot.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the ticket' })).toBeTruthy();
    // Opening the ticket marked the reply seen: the badge is gone.
    cleanup();
    show(<TicketsBadge />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('new reply')).toBeNull();
  });

  it('store profile: facts, HQ settings and the contact form', async () => {
    show(<StoreProfilePage />);
    expect(await screen.findByText('Gangnam')).toBeTruthy();
    expect(screen.getByText('One commercial after every 7 songs')).toBeTruthy();
    expect(screen.getByLabelText('Contact name')).toBeTruthy();
  });
});
