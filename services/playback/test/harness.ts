import type { Pool } from 'pg';
import { createLogger, ManualClock, newId } from '@storecast/service-kit';
import { apiClient, CatalogDouble, createTestEnv, eventPublisher, OrganizationDouble, type ApiClient, type EventPublisher, type TestEnv } from '@storecast/service-kit/testing';
import { loadPlaybackConfig } from '../src/config';
import { start, type StartedPlayback } from '../src/server';
import { CommercialsDouble } from './doubles';

// The service under test, in-process on port 0, against real PostgreSQL and RabbitMQ; organization,
// catalog-search and announcement-dispatch are gRPC contract doubles (the kit's OrganizationDouble
// and CatalogDouble, test/doubles.ts). Peer answers are not cached (PLAYBACK_PEER_CACHE_TTL_MS=0) unless a test asks.

export interface Tenant {
  hqId: string;
  storeId: string;
  otherStoreId: string;
  hqToken: string;
  storeToken: string;
  otherStoreToken: string;
}

export interface Harness {
  env: TestEnv;
  service: StartedPlayback;
  organization: OrganizationDouble;
  catalog: CatalogDouble;
  commercials: CommercialsDouble;
  clock: ManualClock;
  pool: Pool;
  api: ApiClient;
  operatorToken: string;
  /** An HQ with two stores (plan as given), and tokens of its HQ manager and store managers. */
  tenant(options?: { plan?: 'AI' | 'TRUST' | null; name?: string }): Tenant;
  /** Publishes an event on the test exchange the way a peer's outbox relay does (occurredAt: the test clock). */
  publish: EventPublisher['publish'];
  stop(): Promise<void>;
}

export const START = new Date('2026-03-02T00:00:00.000Z'); // 09:00 KST, a Monday

export const startHarness = async (extra: Record<string, string> = {}): Promise<Harness> => {
  const env = await createTestEnv('playback');
  const organization = new OrganizationDouble();
  const catalog = new CatalogDouble();
  const commercials = new CommercialsDouble();
  const clock = new ManualClock(START);
  const config = loadPlaybackConfig(
    env.env({
      ORGANIZATION_GRPC_ADDR: await organization.start(),
      CATALOG_SEARCH_GRPC_ADDR: await catalog.start(),
      ANNOUNCEMENT_DISPATCH_GRPC_ADDR: await commercials.start(),
      // Doubles answer at once (`down` answers UNAVAILABLE, no test waits for a deadline); on a
      // loaded CI machine six concurrent queue reads make ~30 calls, and 1 s was likely too short once.
      GRPC_DEADLINE_MS: '5000',
      PLAYBACK_PEER_CACHE_TTL_MS: '0',
      // Tests prune signal hours by hand (service.pruneSignalHours).
      PLAYBACK_SIGNAL_HOURS_PRUNE_INTERVAL_MS: '0',
      ...extra,
    }),
  );
  const service = await start(config, { clock, ...(process.env.PLAYBACK_TEST_LOG_LEVEL ? { logger: createLogger('playback', process.env.PLAYBACK_TEST_LOG_LEVEL) } : {}) });
  const publisher = await eventPublisher(env);
  let n = 0;
  return {
    env,
    service,
    organization,
    catalog,
    commercials,
    clock,
    pool: service.runtime.database.pool,
    api: apiClient(service.httpUrl, service.api),
    operatorToken: env.sign({ role: 'OPERATOR' }),
    tenant(options = {}) {
      const hqId = newId();
      const storeId = newId();
      const otherStoreId = newId();
      const name = options.name ?? `Chain ${++n}`;
      organization.setHq({ id: hqId, name, plan: options.plan === undefined ? 'TRUST' : options.plan });
      organization.setStore({ id: storeId, hqId, name: `${name} Gangnam` });
      organization.setStore({ id: otherStoreId, hqId, name: `${name} Mapo` });
      return {
        hqId,
        storeId,
        otherStoreId,
        hqToken: env.sign({ role: 'HQ_MANAGER', hqId }),
        storeToken: env.sign({ role: 'STORE_MANAGER', storeId, hqId }),
        otherStoreToken: env.sign({ role: 'STORE_MANAGER', storeId: otherStoreId, hqId }),
      };
    },
    publish: (type, data, options) => publisher.publish(type, data, { occurredAt: clock.now(), ...options }),
    async stop() {
      await publisher.close();
      await service.stop();
      await organization.stop();
      await catalog.stop();
      await commercials.stop();
      await env.cleanup();
    },
  };
};

export { outboxEvents } from '@storecast/service-kit/testing';

/** A music in the catalog double, and a playlist of an HQ made of music. */
export const musicOf = (h: Harness, source: 'AI' | 'TRUST', title = `${source} song`) =>
  h.catalog.addMusic({ id: newId(), title, durationSeconds: 180, musicSource: source });

export const playlistOf = (h: Harness, hqId: string, music: Array<{ id: string }>, name = 'Playlist') =>
  h.catalog.addPlaylist(hqId, { id: newId(), name, musicIds: music.map((m) => m.id), libraryId: newId() });
