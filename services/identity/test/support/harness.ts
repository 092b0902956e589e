import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { auditRecords, ManualClock, newId, outbox, type AuditRecordRow } from '@storecast/service-kit';
import { apiClient, createTestEnv, eventPublisher, LegalDouble, OrganizationDouble, type ApiCallOptions, type EventPublisher, type TestEnv } from '@storecast/service-kit/testing';
import { loadIdentityConfig } from '../../src/config';
import { start, type StartedIdentity } from '../../src/server';
import { FileOutboxMailer, type Mailer, type OutgoingMail } from '../../src/adapters/mailer';
import { insertAccount } from '../../src/db/accounts.repository';
import { accounts, type AccountRow } from '../../src/db/schema';
import type { AuthResponse } from '../../src/http/auth.schemas';

export const OPERATOR = { email: 'operator@identity.test', password: 'operator-password-1' };

export interface Harness {
  service: StartedIdentity;
  url: string;
  clock: ManualClock;
  env: TestEnv;
  legal: LegalDouble;
  organization: OrganizationDouble;
  mailDir: string;
  keys: TestEnv['keys'];
  /** Calls identity over HTTP; every answer is checked against the route's documented schema and statuses. */
  http: ReturnType<typeof httpClient>;
  /** Creates an account directly in the database (arrangement only). */
  createAccount(a: Partial<AccountRow> & { role: AccountRow['role']; password?: string }): Promise<AccountRow & { password: string }>;
  account(id: string): Promise<AccountRow>;
  /** Changes an account directly in the database (arrangement only). */
  setAccount(id: string, patch: Partial<AccountRow>): Promise<void>;
  auditActions(targetId?: string): Promise<string[]>;
  auditRows(targetId: string): Promise<AuditRecordRow[]>;
  events(routingKey?: string): Promise<Array<{ routingKey: string; data: Record<string, unknown> }>>;
  mails(to?: string): Mail[];
  /** Resolves once every mail the service has started to send is written (sends answered before the mail, e.g. password reset). */
  mailSettled(): Promise<void>;
  signIn(email: string, password: string): Promise<AuthResponse>;
  /** Publishes a domain event on the service's exchange, as another service's outbox relay would. */
  publish: EventPublisher['publish'];
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

/** The kit's checked API client with identity's call shapes: get(path), post(path, body), delete(path). */
export const httpClient = (call: ReturnType<typeof apiClient>) => {
  type Options = Omit<ApiCallOptions, 'body'>;
  return {
    get: (p: string, o?: Options) => call('GET', p, o),
    post: (p: string, body?: unknown, o?: Options) => call('POST', p, { ...o, body }),
    patch: (p: string, body?: unknown, o?: Options) => call('PATCH', p, { ...o, body }),
    delete: (p: string, o?: Options) => call('DELETE', p, o),
    /** Any method, checked like the others. */
    call,
    /** Without the documentation check: hostile or off-contract requests only. */
    unchecked: call.unchecked,
  };
};

/** A mailer that remembers the sends in flight, so a test can wait for them without sleeping. */
class SettlingMailer implements Mailer {
  private readonly inFlight = new Set<Promise<void>>();
  constructor(private readonly inner: Mailer) {}
  get configured() {
    return this.inner.configured;
  }
  get transport() {
    return this.inner.transport;
  }
  send(mail: OutgoingMail): Promise<void> {
    const sending = this.inner.send(mail);
    const tracked = sending.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return sending;
  }
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}

/** Identity started in-process on port 0 against a fresh real database, with the kit's gRPC doubles of legal and organization. */
export const startHarness = async (options: HarnessOptions = {}): Promise<Harness> => {
  const env = await createTestEnv('identity');
  const legal = new LegalDouble();
  const organization = new OrganizationDouble();
  const [legalAddr, orgAddr] = await Promise.all([legal.start(), organization.start()]);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-mail-'));
  const clock = new ManualClock(new Date());
  const mailer = new SettlingMailer(options.mailer ?? new FileOutboxMailer(mailDir));
  const config = loadIdentityConfig(
    env.env({
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      // Identity signs with the test key, so env.sign() tokens verify too.
      JWT_PRIVATE_KEY: env.keys.privateKeyPem,
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      LEGAL_GRPC_ADDR: legalAddr,
      ORGANIZATION_GRPC_ADDR: orgAddr,
      GRPC_DEADLINE_MS: '2000',
      MAIL_OUTBOX_DIR: mailDir,
      APP_BASE_URL: 'http://app.identity.test',
      ...options.env,
    }),
  );
  let service: StartedIdentity;
  try {
    service = await start(config, { clock, mailer });
  } catch (err) {
    await Promise.all([legal.stop(), organization.stop()]);
    await env.cleanup();
    throw err;
  }
  const ctx = service.context;
  const http = httpClient(apiClient(service.httpUrl, service.api));
  const publisher = await eventPublisher(env);

  const harness: Harness = {
    service,
    url: service.httpUrl,
    clock,
    env,
    legal,
    organization,
    mailDir,
    keys: env.keys,
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
      return ctx.db.select().from(auditRecords).where(eq(auditRecords.targetId, targetId)).orderBy(auditRecords.createdAt, auditRecords.id);
    },
    async auditActions(targetId) {
      const rows = await ctx.db.select().from(auditRecords).orderBy(auditRecords.createdAt, auditRecords.id);
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
    // Jobs queued after a response (password-reset lookup and mail) first, then the sends they started.
    mailSettled: async () => {
      await service.context.afterResponse.drained();
      await mailer.settled();
    },
    async signIn(email, password) {
      const res = await http.post('/api/v1/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    publish: (type, data, options) => publisher.publish(type, data, options),
    async stop() {
      await publisher.close();
      await service.stop();
      await Promise.all([legal.stop(), organization.stop()]);
      await env.cleanup();
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
  return harness;
};

/** The token of a link in a mail (links carry ?token=...). */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token')!;
