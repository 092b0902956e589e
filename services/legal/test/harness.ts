import net from 'node:net';
import { AppError, deadlineInterceptor, ManualClock, newId, unary, type grpc, type Role } from '@storecast/service-kit';
import {
  apiClient,
  createTestEnv,
  IdentityDouble,
  OrganizationDouble,
  type ApiClient,
  type HqRecord,
  type HqStatus,
  type TestClaims,
  type TestEnv,
} from '@storecast/service-kit/testing';
import { createLegalClient, type LegalServiceClient } from '@storecast/proto';
import { loadLegalConfig } from '../src/config';
import type { LegalDocumentResponse } from '../src/http/legal-documents.schemas';
import { start, type StartedLegal } from '../src/server';

/** A fixed, millisecond-exact start for the manual clock. */
export const T0 = new Date('2026-05-01T03:00:00.000Z');

/** An address where nothing listens (a port that was just free). */
export const deadAddress = async (): Promise<string> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `127.0.0.1:${port}`;
};

export interface Harness {
  env: TestEnv;
  legal: StartedLegal;
  clock: ManualClock;
  /** Organization and identity as the kit's gRPC contract doubles (legal calls GetHq and GetAccount). */
  organization: OrganizationDouble;
  identity: IdentityDouble;
  exchange: string;
  /** HTTP client that fails the test when an answer drifts from the route's documented status or schema. */
  api: ApiClient;
  sign(claims: TestClaims): string;
  operatorToken(): string;
  /** An HQ organization knows. */
  addHq(name?: string, status?: HqStatus): HqRecord;
  /** An account identity knows; returns its id. */
  addAccount(a: { role: Role; name?: string | null; hqId?: string; storeId?: string; status?: 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN' }): string;
  grpc: LegalServiceClient;
  call<Req, Res>(method: 'getAgreementStatus' | 'getActiveVersions' | 'recordConsent', req: Req): Promise<Res>;
  sql<R extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Publishes through the HTTP API as the operator; returns the response body. */
  publish(kind: 'terms' | 'privacy-policy', version: string, effectiveAt?: Date | null): Promise<LegalDocumentResponse>;
  stop(): Promise<void>;
}

/**
 * Starts the real legal service in-process (port 0) against real PostgreSQL and RabbitMQ (kit
 * test env), with organization and identity replaced by the kit's contract doubles.
 */
export const startHarness = async (options: { identityAddr?: string; organizationAddr?: string; start?: Date; env?: Record<string, string> } = {}): Promise<Harness> => {
  const env = await createTestEnv('legal');
  const organization = new OrganizationDouble();
  const identity = new IdentityDouble();
  const organizationAddr = await organization.start();
  const identityAddr = await identity.start();
  const clock = new ManualClock(options.start ?? T0);
  const config = loadLegalConfig(
    env.env({
      IDENTITY_GRPC_ADDR: options.identityAddr ?? identityAddr,
      ORGANIZATION_GRPC_ADDR: options.organizationAddr ?? organizationAddr,
      GRPC_DEADLINE_MS: '2000',
      // No poll within a test's lifetime: events reach the broker only through the relay's
      // commit-time wake-up (emit's NOTIFY), which the relay test relies on.
      OUTBOX_POLL_MS: '600000',
      ...options.env,
    }),
  );
  const legal = await start(config, { clock });
  const api = apiClient(legal.httpUrl, legal.api);
  const grpcClient = createLegalClient(`127.0.0.1:${legal.grpcPort}`, { interceptors: [deadlineInterceptor()] });
  const operatorId = newId();
  const operatorToken = () => env.sign({ sub: operatorId, role: 'OPERATOR' });

  return {
    env,
    legal,
    clock,
    organization,
    identity,
    exchange: env.exchange,
    api,
    sign: (claims) => env.sign(claims),
    operatorToken,
    addHq: (name = 'Acme Coffee', status = 'ACTIVE') => organization.setHq({ id: newId(), name, status }),
    addAccount: (a) => {
      const id = newId();
      identity.seed({
        id,
        email: `${id}@example.test`,
        role: a.role,
        name: a.name ?? null,
        status: a.status ?? 'ACTIVE',
        hqId: a.hqId ?? null,
        storeId: a.storeId ?? null,
        passwordMustChange: false,
      });
      return id;
    },
    grpc: grpcClient,
    // Proto3 optional fields decode with a synthetic-oneof marker (`_termsVersion`): dropped here.
    call: async <Req, Res>(method: 'getAgreementStatus' | 'getActiveVersions' | 'recordConsent', req: Req) => {
      // Requests are the test's own (often deliberately off-contract), so the method is called untyped.
      const fn = grpcClient[method] as unknown as Parameters<typeof unary<Req, Res>>[0];
      return withoutOneofMarkers(await unary<Req, Res>(fn.bind(grpcClient), req));
    },
    sql: async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await legal.runtime.database.pool.query<R>(text, params)).rows,
    async publish(kind, version, effectiveAt) {
      const res = await api('POST', `/api/v1/admin/${kind}`, {
        token: operatorToken(),
        body: { version, content: `# ${kind} ${version}`, ...(effectiveAt !== undefined ? { effectiveAt: effectiveAt?.toISOString() ?? null } : {}) },
      });
      if (res.status !== 200) throw new Error(`publish ${kind} ${version} answered ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as LegalDocumentResponse;
    },
    async stop() {
      grpcClient.close();
      await legal.stop();
      await organization.stop();
      await identity.stop();
      await env.cleanup();
    },
  };
};

const withoutOneofMarkers = <T>(res: T): T =>
  Object.fromEntries(Object.entries(res as Record<string, unknown>).filter(([k]) => !k.startsWith('_'))) as T;

/** The gRPC status and platform code of a failed call. */
export const grpcFailure = async (promise: Promise<unknown>): Promise<{ grpcCode: grpc.status | undefined; code: string }> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { grpcCode: (err.cause as grpc.ServiceError | undefined)?.code, code: err.code };
    throw err;
  }
  throw new Error('the call succeeded');
};

export const minutes = (n: number) => n * 60_000;
