import type { Pool } from 'pg';
import { ManualClock, newId } from '@storecast/service-kit';
import { apiClient, createTestEnv, eventPublisher, IdentityDouble, OrganizationDouble, startTestS3, type ApiClient, type EventPublisher, type TestEnv, type TestS3 } from '@storecast/service-kit/testing';
import { loadSupportConfig } from '../src/config';
import { start, type StartedSupport } from '../src/server';

// The service under test, in-process on port 0, against real PostgreSQL, RabbitMQ and an embedded
// S3 server; organization and identity are the kit's gRPC contract doubles.

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
  s3: TestS3;
  service: StartedSupport;
  organization: OrganizationDouble;
  identity: IdentityDouble;
  clock: ManualClock;
  pool: Pool;
  api: ApiClient;
  operatorId: string;
  operatorToken: string;
  /** An HQ with two stores, and tokens of its HQ manager and store managers. */
  tenant(name?: string): Tenant;
  /** Publishes a domain event on the service's exchange, as another service's outbox relay would. */
  publish: EventPublisher['publish'];
  stop(): Promise<void>;
}

export const startHarness = async (extra: Record<string, string> = {}): Promise<Harness> => {
  const env = await createTestEnv('support');
  const s3 = await startTestS3();
  const organization = new OrganizationDouble();
  const identity = new IdentityDouble();
  const clock = new ManualClock(new Date('2026-03-02T09:00:00.000Z'));
  const config = loadSupportConfig(
    env.env({ ...s3.env, ORGANIZATION_GRPC_ADDR: await organization.start(), IDENTITY_GRPC_ADDR: await identity.start(), GRPC_DEADLINE_MS: '1000', ...extra }),
  );
  const service = await start(config, { clock });
  const publisher = await eventPublisher(env);
  const operatorId = newId();
  identity.seed({ id: operatorId, email: 'op@storecast.test', name: 'Op One', role: 'OPERATOR', status: 'ACTIVE' });
  let n = 0;
  return {
    env,
    s3,
    service,
    organization,
    identity,
    clock,
    pool: service.runtime.database.pool,
    api: apiClient(service.httpUrl, service.api),
    operatorId,
    operatorToken: env.sign({ sub: operatorId, role: 'OPERATOR' }),
    tenant(name = `Chain ${++n}`) {
      const hqId = newId();
      const storeId = newId();
      const otherStoreId = newId();
      organization.setHq({ id: hqId, name });
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
    publish: (type, data, options) => publisher.publish(type, data, options),
    async stop() {
      await publisher.close();
      await service.stop();
      await organization.stop();
      await identity.stop();
      await s3.close();
      await env.cleanup();
    },
  };
};

export { outboxEvents } from '@storecast/service-kit/testing';

/** Audit records of a ticket, oldest first. */
export const auditOf = async (pool: Pool, ticketId: string) => {
  const { rows } = await pool.query(
    'select action, actor_role, actor_account_id, hq_id, store_id, detail from audit_records where target_id = $1 order by created_at, id',
    [ticketId],
  );
  return rows as Array<{ action: string; actor_role: string; actor_account_id: string | null; hq_id: string | null; store_id: string | null; detail: Record<string, unknown> | null }>;
};
