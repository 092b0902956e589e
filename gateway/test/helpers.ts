import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import { JWT_AUDIENCE, JWT_ISSUER, type Role } from '@storecast/service-kit';
import { createTestKeys, testInfra } from '@storecast/service-kit/testing';
import { loadGatewayConfig } from '../src/config';
import { start, type GatewayDeps, type StartedGateway } from '../src/server';
import type { Timers } from '../src/proxy/upstream-proxy';
import { SERVICES, type ServiceName } from '../src/routes/route-table';

/** What an echo upstream answers: everything it received. */
export interface Echo {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyLength: number;
  body: string;
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

export interface TestUpstream {
  name: string;
  url: string;
  /** Requests received, in order. */
  received: Echo[];
  /** Extra handlers by exact path (without query); anything else is echoed. */
  handlers: Map<string, UpstreamHandler>;
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * A small real HTTP server standing in for a Storecast service in the gateway's component tests:
 * it answers every request with what it received (method, url, headers, body).
 */
export const startUpstream = async (name: string): Promise<TestUpstream> => {
  const received: Echo[] = [];
  const handlers = new Map<string, UpstreamHandler>();
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handler = handlers.get(path);
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return; // the gateway cut the request (e.g. body over its limit): nothing to answer
    }
    const echo: Echo = {
      service: name,
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      bodyLength: body.length,
      body: body.length <= 64 * 1024 ? body.toString('utf8') : '',
    };
    received.push(echo);
    if (handler) {
      await handler(req, res, body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(echo));
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    name,
    connections: () => connections,
    url: `http://127.0.0.1:${port}`,
    received,
    handlers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** A URL on which nothing listens (connections are refused). */
export const refusedUrl = async (): Promise<string> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};

export const keys = createTestKeys();
export const otherKeys = createTestKeys();

export interface TokenClaims {
  sub?: string;
  role: Role;
  hqId?: string;
  storeId?: string;
  passwordMustChange?: boolean;
  impersonatedBy?: string;
}

/** An access token as identity issues it: RS256 with kid, the kit's issuer and audience. */
export const signToken = (
  claims: TokenClaims,
  options: { expiresInSeconds?: number; privateKeyPem?: string; issuer?: string } = {},
): string =>
  jwt.sign(
    {
      role: claims.role,
      hqId: claims.hqId,
      storeId: claims.storeId,
      passwordMustChange: claims.passwordMustChange ?? false,
      impersonatedBy: claims.impersonatedBy,
    },
    options.privateKeyPem ?? keys.privateKeyPem,
    {
      algorithm: 'RS256',
      keyid: 'test-key',
      issuer: options.issuer ?? JWT_ISSUER,
      audience: JWT_AUDIENCE,
      subject: claims.sub ?? `acc-${randomBytes(4).toString('hex')}`,
      expiresIn: options.expiresInSeconds ?? 600,
    },
  );

export const tokens = {
  operator: () => signToken({ role: 'OPERATOR' }),
  hq: () => signToken({ role: 'HQ_MANAGER', hqId: 'hq-1' }),
  store: () => signToken({ role: 'STORE_MANAGER', hqId: 'hq-1', storeId: 'store-1' }),
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const ENV_OF: Record<ServiceName, string> = {
  identity: 'IDENTITY_HTTP_URL',
  legal: 'LEGAL_HTTP_URL',
  organization: 'ORGANIZATION_HTTP_URL',
  'catalog-search': 'CATALOG_SEARCH_HTTP_URL',
  'announcement-dispatch': 'ANNOUNCEMENT_DISPATCH_HTTP_URL',
  playback: 'PLAYBACK_HTTP_URL',
  support: 'SUPPORT_HTTP_URL',
  'sse-fanout': 'SSE_FANOUT_HTTP_URL',
};

export const uniquePrefix = () => `test:gateway:${process.pid}:${randomBytes(4).toString('hex')}`;

export interface GatewayUnderTest extends StartedGateway {
  prefix: string;
}

/**
 * Starts the real gateway in-process on port 0 against the real Redis (unique key prefix).
 * Upstreams not given are "not configured" (empty URL) unless env says otherwise.
 */
export const startGateway = async (
  upstreams: Partial<Record<ServiceName, string>>,
  env: Record<string, string> = {},
  deps: Partial<GatewayDeps> = {},
): Promise<GatewayUnderTest> => {
  const prefix = env.RATE_LIMIT_KEY_PREFIX ?? uniquePrefix();
  const upstreamEnv = Object.fromEntries(
    (Object.keys(ENV_OF) as ServiceName[]).map((s) => [ENV_OF[s], upstreams[s] ?? '']),
  );
  const config = loadGatewayConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    HTTP_PORT: '0',
    REDIS_URL: testInfra().redisUrl,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    API_DOCS_CACHE_SECONDS: '0',
    // No identity unless a test starts one: API keys then answer 503, usage stays buffered.
    IDENTITY_GRPC_ADDR: '127.0.0.1:1',
    // No test waits for a deadline (identity is refused at once, or a double answers); a first call
    // on a loaded CI machine (channel connect included) overran 500 ms once.
    GRPC_DEADLINE_MS: '2000',
    ...upstreamEnv,
    ...env,
    RATE_LIMIT_KEY_PREFIX: prefix,
  });
  const gateway = await start(config, deps);
  return { ...gateway, prefix };
};

/** Removes a test's rate-limit counters from Redis. */
export const clearPrefix = async (prefix: string): Promise<void> => {
  const redis = new Redis(testInfra().redisUrl);
  try {
    const found = await redis.keys(`${prefix}*`);
    if (found.length) await redis.del(...found);
  } finally {
    redis.disconnect();
  }
};

export const json = async <T = Record<string, unknown>>(res: Response): Promise<T> => (await res.json()) as T;

/** A gateway in front of one echo upstream per service; stop() closes all of them. */
export const startGatewayWithEveryUpstream = async (): Promise<{
  gateway: GatewayUnderTest;
  upstreams: Record<ServiceName, TestUpstream>;
  stop(): Promise<void>;
}> => {
  const upstreams = {} as Record<ServiceName, TestUpstream>;
  for (const s of SERVICES) upstreams[s] = await startUpstream(s);
  const gateway = await startGateway(Object.fromEntries(SERVICES.map((s) => [s, upstreams[s].url])));
  return {
    gateway,
    upstreams,
    async stop() {
      await gateway.stop();
      await Promise.all(SERVICES.map((s) => upstreams[s].close()));
      await clearPrefix(gateway.prefix);
    },
  };
};

/** Timers a test fires by hand (the gateway's upstream timeout) instead of waiting for them. */
export class ManualTimers implements Timers {
  private next = 1;
  private readonly armed = new Map<number, () => void>();
  setTimeout = (fn: () => void): number => {
    const id = this.next++;
    this.armed.set(id, fn);
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.armed.delete(handle as number);
  };
  /** Timers armed and not cleared. */
  get pending(): number {
    return this.armed.size;
  }
  /** Fires every armed timer, as if its time had passed. */
  fireAll(): void {
    const due = [...this.armed.values()];
    this.armed.clear();
    for (const fn of due) fn();
  }
}
