import amqp from 'amqplib';
import jwt from 'jsonwebtoken';
import type { Pool } from 'pg';
import { conflict, JWT_AUDIENCE, JWT_ISSUER, newId, notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';
import { createTestDatabase, createTestKeys, testExchange, testInfra } from '@storecast/service-kit/testing';
import { createOrganizationClient, identityProto } from '@storecast/proto';
import { loadOrganizationConfig, start, type StartedOrganization } from '../../src';

// ---------------------------------------------------------------------------------------------
// A contract double of identity's AccountService at the gRPC boundary: an in-test account table.
// ---------------------------------------------------------------------------------------------

export interface FakeAccount {
  id: string;
  email: string;
  name: string | null;
  role: string;
  status: 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';
  hqId: string | null;
  storeId: string | null;
  tempPassword: string | null;
  passwordMustChange: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export class FakeIdentity {
  readonly accounts = new Map<string, FakeAccount>();
  readonly createCalls: Array<Record<string, unknown>> = [];
  readonly withdrawCalls: Array<{ accountId: string; reason: string }> = [];
  readonly setupEmailCalls: string[] = [];
  /** Emails whose setup mail "fails" (delivered=false). */
  readonly undeliverable = new Set<string>();
  /** Emails whose SendSetupEmail answers a gRPC error. */
  readonly setupEmailErrors = new Set<string>();
  private tick = 0;
  server?: RunningGrpcServer;

  byEmail(email: string): FakeAccount | undefined {
    return [...this.accounts.values()].find((a) => a.email === email);
  }

  /** An account created outside the service under test (e.g. seeded), for ordering tests. */
  seed(partial: Partial<FakeAccount> & { email: string; role: string }): FakeAccount {
    const account: FakeAccount = {
      id: newId(),
      name: null,
      status: 'ACTIVE',
      hqId: null,
      storeId: null,
      tempPassword: null,
      passwordMustChange: true,
      lastLoginAt: null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + this.tick++ * 1000).toISOString(),
      ...partial,
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private message(a: FakeAccount) {
    return {
      id: a.id,
      email: a.email,
      name: a.name ?? undefined,
      role: a.role,
      status: a.status,
      hqId: a.hqId ?? undefined,
      storeId: a.storeId ?? undefined,
      passwordMustChange: a.passwordMustChange,
      lastLoginAt: a.lastLoginAt ?? undefined,
      createdAt: a.createdAt,
    };
  }

  async start(): Promise<number> {
    type Req = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    this.server = await startGrpcServer(
      0,
      [
        {
          definition: identityProto().AccountService.service,
          implementation: {
            CreateManagerAccount: unaryHandler(async (req: Req) => {
              this.createCalls.push(req);
              const email = String(req.email).trim().toLowerCase();
              // Like identity: the email is unique among accounts that are not withdrawn.
              if ([...this.accounts.values()].some((a) => a.email === email && a.status !== 'WITHDRAWN')) throw conflict('DUPLICATE_EMAIL', `Email ${email} is already in use`);
              const account = this.seed({
                email,
                role: req.role,
                name: req.name ?? null,
                hqId: req.hqId,
                storeId: req.storeId ?? null,
                tempPassword: req.tempPassword ?? 'generated-by-identity',
              });
              return { accountId: account.id, email };
            }),
            SendSetupEmail: unaryHandler(async (req: Req) => {
              this.setupEmailCalls.push(req.accountId);
              const account = this.accounts.get(req.accountId);
              if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
              if (this.setupEmailErrors.has(account.email)) throw new Error('mail vendor exploded');
              return { delivered: !this.undeliverable.has(account.email) };
            }),
            WithdrawAccount: unaryHandler(async (req: Req) => {
              this.withdrawCalls.push({ accountId: req.accountId, reason: req.reason });
              const account = this.accounts.get(req.accountId);
              if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
              account.status = 'WITHDRAWN';
              return {};
            }),
            ListManagerAccounts: unaryHandler(async (req: Req) => {
              const storeIds: string[] = req.storeIds ?? [];
              const hqIds: string[] = req.hqIds ?? [];
              const accounts = [...this.accounts.values()]
                .filter((a) => a.role === req.role)
                .filter((a) => (storeIds.length ? storeIds.includes(a.storeId ?? '') : true))
                .filter((a) => (hqIds.length ? hqIds.includes(a.hqId ?? '') : true))
                .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
              return { accounts: accounts.map((a) => this.message(a)) };
            }),
          },
        },
      ],
      '127.0.0.1',
    );
    return this.server.port;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The service under test, started in-process against real PostgreSQL and RabbitMQ.
// ---------------------------------------------------------------------------------------------

export interface Claims {
  sub: string;
  role: 'OPERATOR' | 'HQ_MANAGER' | 'STORE_MANAGER';
  hqId?: string;
  storeId?: string;
  passwordMustChange?: boolean;
  impersonatedBy?: string;
}

export interface ApiResponse<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface Harness {
  service: StartedOrganization;
  identity: FakeIdentity;
  exchange: string;
  amqpUrl: string;
  pool: Pool;
  operatorToken: string;
  operatorId: string;
  sign(claims: Claims): string;
  api<T = any>(method: string, path: string, opts?: { token?: string; body?: unknown; form?: FormData }): Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  grpc: ReturnType<typeof createOrganizationClient>;
  stop(): Promise<void>;
}

/** Test exchanges and queues are durable (kit defaults): delete them so runs leave nothing behind. */
const removeBrokerLeftovers = async (exchange: string, queues: string[]) => {
  const connection = await amqp.connect(testInfra().amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const q of queues) {
      await channel.deleteQueue(q);
      await channel.deleteQueue(`${q}.dlq`);
    }
    await channel.deleteExchange(exchange);
  } finally {
    await connection.close();
  }
};

export const startHarness = async (): Promise<Harness> => {
  const database = await createTestDatabase('organization');
  const keys = createTestKeys();
  const identity = new FakeIdentity();
  const identityPort = await identity.start();
  const exchange = testExchange('organization');
  const config = loadOrganizationConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HTTP_PORT: '0',
    GRPC_PORT: '0',
    DATABASE_URL: database.url,
    AMQP_URL: testInfra().amqpUrl,
    AMQP_EXCHANGE: exchange,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    IDENTITY_GRPC_ADDR: `127.0.0.1:${identityPort}`,
    OUTBOX_POLL_MS: '50',
    BULK_CSV_MAX_BYTES: String(256 * 1024),
  });
  const service = await start(config);

  const sign = (claims: Claims) =>
    jwt.sign(
      { role: claims.role, hqId: claims.hqId, storeId: claims.storeId, passwordMustChange: claims.passwordMustChange ?? false, impersonatedBy: claims.impersonatedBy },
      keys.privateKeyPem,
      { algorithm: 'RS256', keyid: 'test-key', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: claims.sub, expiresIn: 600 },
    );

  const api: Harness['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: FormData | string | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${service.httpUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as never, headers: res.headers, text };
  };

  const operatorId = newId();
  const grpc = createOrganizationClient(`127.0.0.1:${service.grpcPort}`);
  return {
    service,
    identity,
    exchange,
    amqpUrl: testInfra().amqpUrl,
    pool: service.runtime.database.pool,
    operatorId,
    operatorToken: sign({ sub: operatorId, role: 'OPERATOR' }),
    sign,
    api,
    grpc,
    async stop() {
      grpc.close();
      await service.stop();
      await identity.stop();
      await database.drop();
      await removeBrokerLeftovers(exchange, [`${exchange}.organization.identity-accounts`]);
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

export const storeManagerToken = (h: Harness, storeId: string, hqId: string, accountId: string = newId()) =>
  h.sign({ sub: accountId, role: 'STORE_MANAGER', storeId, hqId });

export const rows = async <T = Record<string, unknown>>(h: Harness, sql: string, params: unknown[] = []): Promise<T[]> =>
  (await h.pool.query(sql, params)).rows as T[];

export const outboxOf = (h: Harness, routingKey: string, field: string, value: string) =>
  rows<{ routing_key: string; payload: { data: Record<string, unknown> } }>(
    h,
    `select routing_key, payload from outbox where routing_key = $1 and payload->'data'->>$2 = $3 order by created_at, id`,
    [routingKey, field, value],
  );

export const auditOf = (h: Harness, action: string, targetId: string) =>
  rows<{ action: string; target_type: string; target_id: string; target_label: string | null; detail: any; actor_account_id: string; actor_role: string; impersonated_by: string | null; hq_id: string | null }>( // eslint-disable-line @typescript-eslint/no-explicit-any
    h,
    `select * from audit_log where action = $1 and target_id = $2 order by created_at, id`,
    [action, targetId],
  );
