import type { Pool } from 'pg';
import { newId, type Clock } from '@storecast/service-kit';
import { apiClient, CatalogDouble, createTestEnv, IdentityDouble, type ApiClient, type TestClaims, type TestEnv } from '@storecast/service-kit/testing';
import { createOrganizationClient } from '@storecast/proto';
import { loadOrganizationConfig, start, type StartedOrganization } from '../../src';

// ---------------------------------------------------------------------------------------------
// The service under test, started in-process against real PostgreSQL and RabbitMQ, with
// identity and catalog-search replaced by the kit's gRPC contract doubles.
// ---------------------------------------------------------------------------------------------

export interface Harness {
  env: TestEnv;
  service: StartedOrganization;
  identity: IdentityDouble;
  catalog: CatalogDouble;
  exchange: string;
  amqpUrl: string;
  pool: Pool;
  operatorToken: string;
  operatorId: string;
  sign(claims: TestClaims): string;
  /** Every answer is checked against the route's documented status and schema. */
  api: ApiClient;
  grpc: ReturnType<typeof createOrganizationClient>;
  stop(): Promise<void>;
}

export const startHarness = async (opts: { clock?: Clock } = {}): Promise<Harness> => {
  const env = await createTestEnv('organization');
  const identity = new IdentityDouble();
  const catalog = new CatalogDouble();
  const service = await start(
    loadOrganizationConfig(
      env.env({ IDENTITY_GRPC_ADDR: await identity.start(), CATALOG_SEARCH_GRPC_ADDR: await catalog.start(), BULK_CSV_MAX_BYTES: String(256 * 1024), PURGE_INTERVAL_MS: '0' }),
    ),
    { clock: opts.clock },
  );
  const operatorId = newId();
  const grpc = createOrganizationClient(`127.0.0.1:${service.grpcPort}`);
  return {
    env,
    service,
    identity,
    catalog,
    exchange: env.exchange,
    amqpUrl: env.amqpUrl,
    pool: service.runtime.database.pool,
    operatorId,
    operatorToken: env.sign({ sub: operatorId, role: 'OPERATOR' }),
    sign: env.sign,
    api: apiClient(service.httpUrl, service.api),
    grpc,
    async stop() {
      grpc.close();
      await service.stop();
      await identity.stop();
      await catalog.stop();
      await env.cleanup();
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Scenario helpers
// ---------------------------------------------------------------------------------------------

let seq = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${seq++}`;
export const email = (prefix = 'user') => `${unique(prefix).toLowerCase()}@example.com`;

export interface OnboardedHq {
  hqId: string;
  managerAccountId: string;
  token: string;
  name: string;
}

/** Operator onboards an HQ (optionally activated); returns a token of its HQ manager. */
export const onboardHq = async (
  h: Harness,
  opts: { name?: string; activate?: boolean; plan?: 'AI' | 'TRUST'; businessNumber?: string | null } = {},
): Promise<OnboardedHq> => {
  const name = opts.name ?? unique('HQ');
  const res = await h.api('POST', '/api/v1/admin/hq', {
    token: h.operatorToken,
    body: {
      hq: { name, businessNumber: opts.businessNumber ?? null, plan: opts.plan ?? 'TRUST', billingAnchorDay: 10, llmMaxPerHour: 3 },
      manager: { email: email('hqm'), tempPassword: 'Temp-pass-123', name: 'HQ Manager' },
    },
  });
  if (res.status !== 201) throw new Error(`onboarding failed: ${res.status} ${res.text}`);
  if (opts.activate !== false) {
    const act = await h.api('POST', `/api/v1/admin/hq/${res.body.hqId}/activate`, { token: h.operatorToken });
    if (act.status !== 200) throw new Error(`activation failed: ${act.status} ${act.text}`);
  }
  return {
    hqId: res.body.hqId,
    managerAccountId: res.body.managerAccountId,
    name,
    token: h.sign({ sub: res.body.managerAccountId, role: 'HQ_MANAGER', hqId: res.body.hqId }),
  };
};

/** HQ manager creates a store; returns its id and (when an email was given) the manager account. */
export const createHqStore = async (h: Harness, hq: OnboardedHq, body: Record<string, unknown> = {}) => {
  const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: unique('Store'), ...body } });
  if (res.status !== 201) throw new Error(`store creation failed: ${res.status} ${res.text}`);
  return res.body as { store: { id: string; name: string }; managerAccount: { managerAccountId: string; email: string } | null };
};

/** A token for a given account (organization checks the account against its copy: fails closed). */
export const storeManagerToken = (h: Harness, storeId: string, hqId: string, accountId: string) => h.sign({ sub: accountId, role: 'STORE_MANAGER', storeId, hqId });

/** The operator issues a store manager account (identity double, recorded in organization's copy); its token. */
export const issueStoreManager = async (h: Harness, storeId: string, hqId: string): Promise<{ accountId: string; token: string }> => {
  const res = await h.api('POST', `/api/v1/admin/stores/${storeId}/managers`, {
    token: h.operatorToken,
    body: { email: email('sm'), tempPassword: 'Temp-pass-123', name: 'Store Manager' },
  });
  if (res.status !== 200) throw new Error(`manager issuance failed: ${res.status} ${res.text}`);
  return { accountId: res.body.managerAccountId, token: storeManagerToken(h, storeId, hqId, res.body.managerAccountId) };
};

/** Records an account in organization's copy as identity.account.created would (for accounts no organization path creates). */
export const recordManagerAccount = async (h: Harness, row: { accountId: string; role: 'HQ_MANAGER' | 'STORE_MANAGER'; hqId: string; storeId?: string }) => {
  await h.pool.query(
    `insert into manager_accounts (account_id, role, hq_id, store_id, status, status_changed_at, created_at) values ($1, $2, $3, $4, 'ACTIVE', now(), now())`,
    [row.accountId, row.role, row.hqId, row.storeId ?? null],
  );
};

export const rows = async <T = Record<string, unknown>>(h: Harness, sql: string, params: unknown[] = []): Promise<T[]> =>
  (await h.pool.query(sql, params)).rows as T[];

export const outboxOf = (h: Harness, routingKey: string, field: string, value: string) =>
  rows<{ routing_key: string; payload: { data: Record<string, unknown> } }>(
    h,
    `select routing_key, payload from outbox where routing_key = $1 and payload->'data'->>$2 = $3 order by created_at, id`,
    [routingKey, field, value],
  );

export const auditOf = (h: Harness, action: string, targetId: string) =>
  rows<{ action: string; target_type: string; target_id: string; target_label: string | null; detail: any; actor_account_id: string | null; actor_role: string; impersonated_by: string | null; hq_id: string | null; store_id: string | null }>( // eslint-disable-line @typescript-eslint/no-explicit-any
    h,
    `select * from audit_records where action = $1 and target_id = $2 order by created_at, id`,
    [action, targetId],
  );
