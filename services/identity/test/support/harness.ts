import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ManualClock, loadConfig, newId } from '@storecast/service-kit';
import { createTestDatabase, createTestKeys, testExchange, testInfra } from '@storecast/service-kit/testing';
import { configSchema } from '../../src/config';
import { start, type StartedIdentity } from '../../src/server';
import { FileOutboxMailer, type Mailer } from '../../src/adapters/mailer';
import { insertAccount } from '../../src/db/accounts.repository';
import { accounts, auditLog, type AccountRow } from '../../src/db/schema';
import { outbox } from '@storecast/service-kit';
import { FakeLegal, FakeOrganization } from './peers';
import type { AuthResponse } from '../../src/app/sessions';

export const OPERATOR = { email: 'operator@identity.test', password: 'operator-password-1' };

export interface Harness {
  service: StartedIdentity;
  url: string;
  clock: ManualClock;
  legal: FakeLegal;
  organization: FakeOrganization;
  mailDir: string;
  keys: ReturnType<typeof createTestKeys>;
  http: ReturnType<typeof httpClient>;
  /** Creates an account directly in the database (arrangement only). */
  createAccount(a: Partial<AccountRow> & { role: AccountRow['role']; password?: string }): Promise<AccountRow & { password: string }>;
  account(id: string): Promise<AccountRow>;
  /** Changes an account directly in the database (arrangement only). */
  setAccount(id: string, patch: Partial<AccountRow>): Promise<void>;
  auditActions(targetId?: string): Promise<string[]>;
  events(routingKey?: string): Promise<Array<{ routingKey: string; data: Record<string, unknown> }>>;
  mails(to?: string): Mail[];
  signIn(email: string, password: string): Promise<AuthResponse>;
  auditRows(targetId: string): Promise<Array<typeof auditLog.$inferSelect>>;
  stop(): Promise<void>;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  template: string;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
}

/** A small fetch client: JSON in, { status, headers, body } out. */
export const httpClient = (baseUrl: string) => {
  const call = async (method: string, p: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${p}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await res.text();
    let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body };
  };
  type Options = Parameters<typeof call>[2];
  return {
    get: (p: string, o?: Options) => call('GET', p, o),
    post: (p: string, body?: unknown, o?: Options) => call('POST', p, { ...o, body }),
    patch: (p: string, body?: unknown, o?: Options) => call('PATCH', p, { ...o, body }),
    delete: (p: string, o?: Options) => call('DELETE', p, o),
  };
};

/** Identity started in-process on port 0 against a fresh real database, with gRPC doubles of legal and organization. */
export const startHarness = async (options: HarnessOptions = {}): Promise<Harness> => {
  const db = await createTestDatabase('identity');
  const legal = new FakeLegal();
  const organization = new FakeOrganization();
  const [legalAddr, orgAddr] = await Promise.all([legal.start(), organization.start()]);
  const keys = createTestKeys();
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-mail-'));
  const clock = new ManualClock(new Date());
  const config = loadConfig(configSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    HTTP_PORT: '0',
    GRPC_PORT: '0',
    DATABASE_URL: db.url,
    AMQP_URL: testInfra().amqpUrl,
    AMQP_EXCHANGE: testExchange('identity'),
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    LEGAL_GRPC_ADDR: legalAddr,
    ORGANIZATION_GRPC_ADDR: orgAddr,
    GRPC_DEADLINE_MS: '2000',
    MAIL_OUTBOX_DIR: mailDir,
    APP_BASE_URL: 'http://app.identity.test',
    ...options.env,
  });
  let service: StartedIdentity;
  try {
    service = await start(config, { clock, mailer: options.mailer ?? new FileOutboxMailer(mailDir), outboxPollMs: 50 });
  } catch (err) {
    await Promise.all([legal.stop(), organization.stop()]);
    await db.drop();
    throw err;
  }
  const ctx = service.context;
  const http = httpClient(service.httpUrl);

  const harness: Harness = {
    service,
    url: service.httpUrl,
    clock,
    legal,
    organization,
    mailDir,
    keys,
    http,
    async createAccount(a) {
      const password = a.password ?? `pw-${newId().slice(-12)}`;
      const now = clock.now();
      const row = await insertAccount(ctx.db, {
        id: a.id ?? newId(),
        role: a.role,
        status: a.status ?? 'ACTIVE',
        email: a.email ?? `${a.role.toLowerCase()}-${newId().slice(-12)}@identity.test`,
        name: a.name === undefined ? 'Test Person' : a.name,
        hqId: a.hqId ?? null,
        storeId: a.storeId ?? null,
        passwordHash: await ctx.hasher.hash(password),
        passwordMustChange: a.passwordMustChange ?? false,
        createdAt: a.createdAt ?? now,
        updatedAt: now,
      });
      return { ...row, password };
    },
    async account(id) {
      const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, id));
      return row!;
    },
    async setAccount(id, patch) {
      await ctx.db.update(accounts).set(patch).where(eq(accounts.id, id));
    },
    async auditRows(targetId) {
      return ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt, auditLog.id);
    },
    async auditActions(targetId) {
      const rows = await ctx.db.select().from(auditLog).orderBy(auditLog.createdAt, auditLog.id);
      return rows.filter((r) => !targetId || r.targetId === targetId).map((r) => r.action);
    },
    async events(routingKey) {
      const rows = await ctx.db.select().from(outbox).orderBy(outbox.createdAt, outbox.id);
      return rows
        .filter((r) => !routingKey || r.routingKey === routingKey)
        .map((r) => ({ routingKey: r.routingKey, data: (r.payload as { data: Record<string, unknown> }).data }));
    },
    mails(to) {
      if (!fs.existsSync(mailDir)) return [];
      return fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')) as Mail)
        .filter((m) => !to || m.to === to);
    },
    async signIn(email, password) {
      const res = await http.post('/api/v1/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async stop() {
      await service.stop();
      await Promise.all([legal.stop(), organization.stop()]);
      await db.drop();
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
  return harness;
};

/** The token of a link in a mail (links carry ?token=...). */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token')!;
