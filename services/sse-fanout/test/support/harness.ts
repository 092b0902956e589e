import type { DomainEventMap } from '@storecast/proto';
import { ManualClock, newId, type Logger } from '@storecast/service-kit';
import { apiClient, createTestEnv, eventPublisher, eventually, type TestEnv } from '@storecast/service-kit/testing';
import { loadSseFanoutConfig } from '../../src/config';
import { start, type StartedSseFanout } from '../../src/server';
import { ManualTimers } from './manual-timers';
import { openSse } from './sse-client';

export const SECRET = 'sse-fanout-test-secret-of-at-least-32-chars';
export const PUBLIC_BASE_URL = 'https://api.storecast.test';

export interface Fanout {
  service: StartedSseFanout;
  client: ReturnType<typeof apiClient>;
  timers: ManualTimers;
  clock: ManualClock;
  /** A ticket for the store (and device) through the documented endpoint. */
  ticket(storeId: string, deviceId?: string): Promise<string>;
  /** The stream of a ticket on THIS replica (the streamUrl's path and query, on this server). */
  connect(ticket: string): ReturnType<typeof openSse>;
}

/** One replica on the test exchange, with a manual clock and timers; ready once its queue is bound. */
export const startFanout = async (
  env: TestEnv,
  options: { extra?: Record<string, string>; random?: () => number; clock?: ManualClock; logger?: Logger } = {},
): Promise<Fanout> => {
  const clock = options.clock ?? new ManualClock(new Date('2026-11-23T01:00:00.000Z'));
  const timers = new ManualTimers(clock);
  const service = await start(
    loadSseFanoutConfig(env.env({ STREAM_TICKET_SECRET: SECRET, PUBLIC_BASE_URL, SSE_CLOSE_JITTER_SECONDS: '0', SSE_KEEPALIVE_JITTER_SECONDS: '0', ...options.extra })),
    { clock, timers, random: options.random, logger: options.logger },
  );
  await eventually(() => expect(service.runtime.broker.isConnected).toBe(true));
  const client = apiClient(service.httpUrl, service.api);
  return {
    service,
    client,
    timers,
    clock,
    async ticket(storeId, deviceId) {
      const token = env.sign({ role: 'STORE_MANAGER', storeId, hqId: newId() });
      const res = await client('POST', `/api/v1/store/announcements/stream-ticket${deviceId ? `?deviceId=${deviceId}` : ''}`, { token });
      expect(res.status).toBe(200);
      return (res.body as { ticket: string }).ticket;
    },
    connect: (ticket) => openSse(`${service.httpUrl}/api/v1/store/announcements/stream?ticket=${encodeURIComponent(ticket)}`, service.api.routes),
  };
};

/** Events onto the test exchange as the outbox relay sends them (the kit's). */
export { eventPublisher };

export const pendingEvent = (storeId: string, overrides: Partial<DomainEventMap['dispatch.dispatch.pending']> = {}): DomainEventMap['dispatch.dispatch.pending'] => ({
  dispatchId: newId(),
  announcementId: newId(),
  hqId: newId(),
  storeId,
  deviceId: null,
  title: 'Store closes in 10 minutes',
  audioUrl: 'https://s3.example.test/announcements/a.mp3?X-Amz-Signature=abc',
  durationSeconds: 4.2,
  isEmergency: false,
  playAt: null,
  pendingAt: '2026-11-23T01:00:02.000Z',
  ...overrides,
});

export const revokedEventData = (storeId: string, dispatchId: string, deviceId: string | null = null): DomainEventMap['dispatch.dispatch.revoked'] => ({
  dispatchId,
  announcementId: newId(),
  hqId: newId(),
  storeId,
  deviceId,
  revokedAt: '2026-11-23T01:05:00.000Z',
});

export { createTestEnv };

/** The organization events after which a store's streams end, and the reason each stream is told. */
export type StoreEndedType = 'organization.store.suspended' | 'organization.store.closed' | 'organization.store.deleted';
export const STORE_ENDED: ReadonlyArray<[StoreEndedType, 'STORE_SUSPENDED' | 'STORE_CLOSED' | 'STORE_DELETED']> = [
  ['organization.store.suspended', 'STORE_SUSPENDED'],
  ['organization.store.closed', 'STORE_CLOSED'],
  ['organization.store.deleted', 'STORE_DELETED'],
];

/** The payload organization emits for a store event (through its outbox). */
export const storeEndedData = <K extends StoreEndedType>(type: K, storeId: string): DomainEventMap[K] => {
  const hqId = newId();
  const data = {
    'organization.store.suspended': { storeId, hqId, reason: 'unpaid invoices' },
    'organization.store.closed': { storeId, hqId, closedAt: '2026-11-23T01:03:00.000Z' },
    'organization.store.deleted': { storeId, hqId, deletedAt: '2026-11-23T01:03:00.000Z', reason: 'STORE_DELETED' as const },
  } satisfies { [T in StoreEndedType]: DomainEventMap[T] };
  return data[type] as DomainEventMap[K];
};
