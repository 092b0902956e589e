import net from 'node:net';
import jwt from 'jsonwebtoken';
import {
  AppError,
  deadlineInterceptor,
  grpc,
  JWT_AUDIENCE,
  JWT_ISSUER,
  ManualClock,
  newId,
  notFound,
  startGrpcServer,
  unary,
  unaryHandler,
  type AccessClaims,
  type RunningGrpcServer,
} from '@storecast/service-kit';
import { createTestDatabase, createTestKeys, testExchange } from '@storecast/service-kit/testing';
import { createLegalClient, identityProto, organizationProto, type AccountInput, type LegalServiceClient } from '@storecast/proto';
import { configSchema } from '../src/config';
import { start, type StartedLegal } from '../src/server';

/** A fixed, millisecond-exact start for the manual clock. */
export const T0 = new Date('2026-05-01T03:00:00.000Z');

export interface StubHq {
  id: string;
  name: string;
  status: string;
  type?: string;
}

/**
 * Organization and identity replaced by a tiny gRPC server implementing their proto contracts
 * (OrganizationService.GetHq, IdentityService.GetAccount), answering like the real ones:
 * NOT_FOUND with the platform code in metadata.
 */
export class PeerStubs {
  readonly hqs = new Map<string, StubHq>();
  readonly accounts = new Map<string, AccountInput>();
  server?: RunningGrpcServer;

  async start(): Promise<string> {
    this.server = await startGrpcServer(
      0,
      [
        {
          definition: organizationProto().OrganizationService.service,
          implementation: {
            GetHq: unaryHandler(async (req: { hqId: string }) => {
              const hq = this.hqs.get(req.hqId);
              if (!hq) throw notFound('HQ_NOT_FOUND', 'HQ not found');
              return { id: hq.id, name: hq.name, status: hq.status, type: hq.type ?? 'FRANCHISE' };
            }),
          },
        },
        {
          definition: identityProto().IdentityService.service,
          implementation: {
            GetAccount: unaryHandler(async (req: { id: string }) => {
              const account = this.accounts.get(req.id);
              if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
              return account;
            }),
          },
        },
      ],
      '127.0.0.1',
    );
    return `127.0.0.1:${this.server.port}`;
  }

  addHq(name = 'Acme Coffee', status = 'ACTIVE'): StubHq {
    const hq = { id: newId(), name, status };
    this.hqs.set(hq.id, hq);
    return hq;
  }

  addAccount(a: { role: AccessClaims['role']; name?: string | null; hqId?: string; storeId?: string; status?: string }): string {
    const id = newId();
    this.accounts.set(id, {
      id,
      email: `${id}@example.test`,
      ...(a.name ? { name: a.name } : {}),
      role: a.role,
      status: a.status ?? 'ACTIVE',
      ...(a.hqId ? { hqId: a.hqId } : {}),
      ...(a.storeId ? { storeId: a.storeId } : {}),
      passwordMustChange: false,
      createdAt: new Date().toISOString(),
    });
    return id;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

/** An address where nothing listens (a port that was just free). */
export const deadAddress = async (): Promise<string> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `127.0.0.1:${port}`;
};

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Harness {
  legal: StartedLegal;
  clock: ManualClock;
  peers: PeerStubs;
  exchange: string;
  sign(claims: Partial<AccessClaims> & Pick<AccessClaims, 'sub' | 'role'>, options?: { privateKeyPem?: string }): string;
  operatorToken(): string;
  request<T = any>(method: string, path: string, options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Reply<T>>;
  grpc: LegalServiceClient;
  call<Req, Res>(method: 'getAgreementStatus' | 'getActiveVersions' | 'recordConsent', req: Req): Promise<Res>;
  sql<R extends Record<string, unknown> = Record<string, any>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Publishes through the HTTP API as the operator; returns the response body. */
  publish(kind: 'terms' | 'privacy-policy', version: string, effectiveAt?: Date | null): Promise<any>;
  stop(): Promise<void>;
}

/** Starts the real legal service in-process (port 0) against real PostgreSQL and RabbitMQ. */
export const startHarness = async (options: { identityAddr?: string; organizationAddr?: string; start?: Date } = {}): Promise<Harness> => {
  const database = await createTestDatabase('legal');
  const exchange = testExchange('legal');
  const keys = createTestKeys();
  const peers = new PeerStubs();
  const peerAddr = await peers.start();
  const clock = new ManualClock(options.start ?? T0);
  const config = configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HTTP_PORT: '0',
    GRPC_PORT: '0',
    DATABASE_URL: database.url,
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    AMQP_EXCHANGE: exchange,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    IDENTITY_GRPC_ADDR: options.identityAddr ?? peerAddr,
    ORGANIZATION_GRPC_ADDR: options.organizationAddr ?? peerAddr,
    GRPC_DEADLINE_MS: '2000',
    OUTBOX_POLL_MS: '50',
  });
  const legal = await start(config, { clock });
  const grpcClient = createLegalClient(`127.0.0.1:${legal.grpcPort}`, { interceptors: [deadlineInterceptor()] });
  const operatorId = newId();

  const sign: Harness['sign'] = (claims, signOptions = {}) =>
    jwt.sign({ passwordMustChange: false, ...claims }, signOptions.privateKeyPem ?? keys.privateKeyPem, {
      algorithm: 'RS256',
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      keyid: 'test-key',
      expiresIn: 600,
    });

  const request: Harness['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) {
      body = opts.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${legal.httpUrl}${path}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };

  const operatorToken = () => sign({ sub: operatorId, role: 'OPERATOR' });

  const harness: Harness = {
    legal,
    clock,
    peers,
    exchange,
    sign,
    operatorToken,
    request,
    grpc: grpcClient,
    // Proto3 optional fields decode with a synthetic-oneof marker (`_termsVersion`): dropped here.
    call: async (method, req) => withoutOneofMarkers(await unary((grpcClient[method] as any).bind(grpcClient), req)),
    sql: async (text, params = []) => (await legal.runtime.database.pool.query(text, params)).rows,
    async publish(kind, version, effectiveAt) {
      const res = await request('POST', `/api/v1/admin/${kind}`, {
        token: operatorToken(),
        body: { version, content: `# ${kind} ${version}`, ...(effectiveAt !== undefined ? { effectiveAt: effectiveAt?.toISOString() ?? null } : {}) },
      });
      if (res.status !== 200) throw new Error(`publish ${kind} ${version} answered ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async stop() {
      grpcClient.close();
      await legal.stop();
      await peers.stop();
      await database.drop();
    },
  };
  return harness;
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
