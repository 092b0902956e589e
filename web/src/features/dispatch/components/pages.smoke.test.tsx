// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { AnnouncementDetailPage } from '../../announcements/components/announcement-detail-page';
import { AnnouncementsPage } from '../../announcements/components/announcements-page';
import { EditAnnouncementPage } from '../../announcements/components/edit-announcement-page';
import { NewAnnouncementPage } from '../../announcements/components/new-announcement-page';
import { DispatchFormPage } from './dispatch-form-page';
import { DispatchesPage } from './dispatches-page';
import { ReceiptPage } from './receipt-page';
import { ReceiptsOverviewPage } from './receipts-overview-page';

// Every page of the announcements and dispatch features renders answers shaped as the server's
// (a smoke test: no crash, the data shows in the person's words).

const now = new Date().toISOString();
const announcement = {
  id: 'a1', title: 'Closing soon', text: 'We close in ten minutes.', voice: 'AERAN', voiceDisplayName: '애란 (여성, 부드러운)', tonePreset: 'CALM', tonePresetDisplayName: '차분하게',
  tempo: 1.2, audioUrl: '/media/a1.mp3', durationSeconds: 3.4, createdAt: now, updatedAt: now, activeScheduleCount: 1,
};
const schedule = {
  id: 's1', announcementId: 'a1', frequency: 'DAILY', times: ['09:00', '18:30'], daysOfWeek: [], startHour: null, endHour: null, minute: null,
  startDate: '2026-01-01', endDate: '2099-12-31', target: 'ALL', storeIds: [], region: null, status: 'ACTIVE', createdAt: now, canceledAt: null,
};
const row = (over: Record<string, unknown>) => ({
  dispatchId: 'd1', batchId: 'b1', announcementId: 'a1', storeId: 'st1', storeName: 'Gangnam', deviceId: null, scheduleId: null, target: 'STORES', status: 'PLAYED', missedReason: null,
  failureCount: 0, isEmergency: false, scheduledAt: null, playAt: now, createdAt: now, pendingAt: now, playedAt: now, missedAt: null, canceledAt: null, revokedAt: null,
  signalLatencyMs: 1234, actorAccountId: 'u1', actorEmail: 'op@storecast.test', actorRole: 'OPERATOR_IMPERSONATING', playedDeviceLabel: 'Counter PC', ...over,
});
const ANSWERS: Array<[RegExp, unknown]> = [
  [/\/hq\/tts-voices$/, { voices: [{ voice: 'AERAN', voiceDisplayName: '애란', voiceDisplayNames: { ko: '애란', en: 'Aeran (female, soft)' }, presets: [
    { preset: 'NORMAL', presetDisplayName: '기본', presetDisplayNames: { ko: '기본', en: 'Normal' } },
    { preset: 'CALM', presetDisplayName: '차분하게', presetDisplayNames: { ko: '차분하게', en: 'Calm' } },
  ] }] }],
  [/\/hq\/announcements\/a1\/dispatches$/, { items: [row({}), row({ dispatchId: 'd2', storeId: 'st2', storeName: 'Mapo', status: 'MISSED', missedReason: 'EXPIRED', playedAt: null, signalLatencyMs: null, playedDeviceLabel: null })], page: 0, size: 50, total: 2 }],
  [/\/hq\/announcements\/a1$/, announcement],
  [/\/hq\/announcements$/, { items: [{ ...announcement, dispatchCount: 4, lastDispatchedAt: now, lastDispatchStoreCount: 2 }], page: 0, size: 20, total: 1 }],
  [/\/hq\/dispatch-schedules$/, { items: [schedule], page: 0, size: 20, total: 1 }],
  [/\/hq\/stores$/, { items: [{ id: 'st1', name: 'Gangnam', address: 'Seoul', closedAt: null, createdAt: now, hasManagerAccount: true, lastOnlineAt: null, managerName: null, status: 'ACTIVE', type: 'FRANCHISE' }], page: 0, size: 100, total: 1 }],
  [/\/hq\/dispatches\/d1\/receipts$/, {
    announcementId: 'a1', title: 'Closing soon', createdAt: now, dueAt: now, lateAfterMs: 10_000,
    summary: { total: 2, played: 1, onTime: 0, late: 1, missed: 1, pending: 0, canceled: 0 },
    items: [
      { dispatchId: 'd2', storeId: 'st2', storeName: 'Mapo', status: 'MISSED', missedReason: 'EXPIRED', dueAt: now, playedAt: null, receivedLagMs: null, startedLagMs: null, late: false, devices: [] },
      { dispatchId: 'd1', storeId: 'st1', storeName: 'Gangnam', status: 'PLAYED', missedReason: null, dueAt: now, playedAt: now, receivedLagMs: 800, startedLagMs: 12_400, late: true,
        devices: [{ deviceId: 'dev1', deviceLabel: 'Counter PC', outcome: 'PLAYED', signalSource: 'SSE', receivedAt: now, startedAt: now, receivedLagMs: 800, startedLagMs: 12_400 }] },
    ],
  }],
  [/\/hq\/dispatches\/delivery-summary$/, { from: now, to: now, lateAfterMs: 10_000, items: [{ storeId: 'st2', storeName: 'Mapo', total: 5, onTime: 2, late: 1, missed: 2, pending: 0, canceled: 0 }] }],
  [/\/offline-hours$/, { from: now, to: now, hours: 168, items: [{ storeId: 'st2', storeName: 'Mapo', signalHours: 100, offlineHours: 68, lastSignalAt: now }] }],
];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }));
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
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

describe('HQ announcement and dispatch pages', () => {
  it('announcements list: the voice in English, counts and the last dispatch', async () => {
    show(<AnnouncementsPage />);
    expect(await screen.findByText('Closing soon')).toBeTruthy();
    expect(await screen.findByText('Aeran (female, soft)')).toBeTruthy();
    expect(screen.getByText('to 2 store(s)')).toBeTruthy();
    expect(screen.getByText('3.4 s')).toBeTruthy();
  });

  it('new announcement: the form with the text counter', async () => {
    show(<NewAnnouncementPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'New announcement' })).toBeTruthy();
    expect(screen.getByText('0 / 1000 characters')).toBeTruthy();
  });

  it('edit: a text change says the audio will be synthesized again', async () => {
    show(<EditAnnouncementPage />, '/a1/edit', '/:announcementId/edit');
    const text = await screen.findByDisplayValue('We close in ten minutes.');
    expect(screen.queryByTestId('resynthesis-notice')).toBeNull();
    fireEvent.change(text, { target: { value: 'We close in five minutes.' } });
    expect(await screen.findByTestId('resynthesis-notice')).toBeTruthy();
  });

  it('detail: facts, schedules and history with the impersonating operator and latency', async () => {
    show(<AnnouncementDetailPage />, '/a1', '/:announcementId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Closing soon' })).toBeTruthy();
    expect(await screen.findByText('Calm')).toBeTruthy();
    expect(await screen.findByText('Daily at 09:00, 18:30')).toBeTruthy();
    expect(await screen.findByText('1.2 s')).toBeTruthy();
    expect(screen.getAllByText('Operator (impersonating the HQ)').length).toBeGreaterThan(0);
    expect(screen.getByText('Missed · expired')).toBeTruthy();
    expect(screen.getByText('Counter PC')).toBeTruthy();
  });

  it('dispatch form: recurring shows the schedule problems, then the preview', async () => {
    show(<DispatchFormPage />, '/a1/dispatch', '/:announcementId/dispatch');
    expect(await screen.findByText('We close in ten minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'At a time' }));
    expect(await screen.findByText('In this browser’s time zone. Choose a time within the next year.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Recurring' }));
    expect(await screen.findByText('Choose at least one time.')).toBeTruthy();
  });

  it('history overview: the announcement picked and the HQ schedules', async () => {
    show(<DispatchesPage />);
    expect(await screen.findByText('Mapo')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Recurring schedules' })).toBeTruthy();
  });

  it('receipts of a dispatch: summary, stores and devices', async () => {
    show(<ReceiptPage />, '/d1', '/:dispatchId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery of “Closing soon”' })).toBeTruthy();
    expect(screen.getAllByText('Late')).toHaveLength(2); // the tally and the store's badge
    expect(screen.getAllByText('12.4 s').length).toBeGreaterThan(0);
    expect(screen.getByText(/live stream/)).toBeTruthy();
  });

  it('delivery overview: stores merged with their offline hours', async () => {
    show(<ReceiptsOverviewPage />);
    expect(await screen.findByText('Mapo')).toBeTruthy();
    expect(await screen.findByText('68 of 168 h')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
  });
});
