import { ManualClock, type Role } from '@storecast/service-kit';
import { apiClient, createTestEnv, eventPublisher, OrganizationDouble, startTestS3, type EventPublisher, type TestEnv, type TestS3 } from '@storecast/service-kit/testing';
import { sql } from 'drizzle-orm';
import { loadCatalogSearchConfig } from '../../src/config';
import { start, type StartedCatalogSearch } from '../../src/server';

export interface Harness {
  env: TestEnv;
  s3: TestS3;
  organization: OrganizationDouble;
  service: StartedCatalogSearch;
  clock: ManualClock;
  call: ReturnType<typeof apiClient>;
  operator: string;
  token(role: Role, claims?: { hqId?: string; storeId?: string; passwordMustChange?: boolean }): string;
  /** Outbox rows (routing key, data) in write order. */
  events(type?: string): Promise<Array<{ type: string; data: Record<string, unknown> }>>;
  audits(action?: string): Promise<Array<Record<string, unknown>>>;
  /** Publishes a domain event on the test exchange, as another service's outbox relay would. */
  publish: EventPublisher['publish'];
  stop(): Promise<void>;
}

export const startHarness = async (extra: Record<string, string> = {}): Promise<Harness> => {
  const env = await createTestEnv('catalog-search');
  const s3 = await startTestS3();
  const organization = new OrganizationDouble();
  const organizationAddress = await organization.start();
  const clock = new ManualClock(new Date('2026-11-23T01:00:00.000Z'));
  const service = await start(
    loadCatalogSearchConfig(env.env({ ...s3.env, ORGANIZATION_GRPC_ADDR: organizationAddress, PURGE_INTERVAL_MS: '0', BRAND_NAME: 'Storecast Test', ...extra })),
    { clock },
  );
  const db = service.runtime.db;
  const publisher = await eventPublisher(env);
  return {
    env,
    s3,
    organization,
    service,
    clock,
    call: apiClient(service.httpUrl, service.api),
    operator: env.sign({ role: 'OPERATOR' }),
    token: (role, claims = {}) => env.sign({ role, ...claims }),
    async events(type) {
      const { rows } = await db.execute<{ routing_key: string; payload: { data: Record<string, unknown> } }>(
        sql`select routing_key, payload from outbox order by created_at, id`,
      );
      return rows.filter((r) => !type || r.routing_key === type).map((r) => ({ type: r.routing_key, data: r.payload.data }));
    },
    async audits(action) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`select * from audit_records order by created_at, id`);
      return rows.filter((r) => !action || r.action === action);
    },
    publish: (type, data, options) => publisher.publish(type, data, options),
    async stop() {
      await publisher.close();
      await service.stop();
      await organization.stop();
      await s3.close();
      await env.cleanup();
    },
  };
};
