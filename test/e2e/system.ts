import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '@storecast/service-kit';
import { createTestDatabase, createTestKeys, testExchange, testInfra } from '@storecast/service-kit/testing';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PORTS, runnableWorkspaces, serviceEnvironment } = require('../../scripts/services.cjs') as {
  PORTS: Record<string, { http: number; grpc?: number }>;
  runnableWorkspaces: () => Array<{ name: string; dir: string }>;
  serviceEnvironment: (name: string, shared: unknown, ports: Record<string, { http: number; grpc?: number }>) => Record<string, string>;
};

/**
 * A port that is free now, chosen below the kernel's ephemeral range (32768+): ports handed out
 * by listen(0) come from that range and are soon reused as the source ports of outgoing
 * connections, so a chosen-then-closed one was often taken by the time its service bound it.
 */
const freePort = async (): Promise<number> => {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(candidate, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
};

const isAddressInUse = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown; message?: string } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === 'EADDRINUSE' || /EADDRINUSE/.test(e.message ?? '')) return true;
  }
  return false;
};

interface Started {
  stop(): Promise<void>;
}

export interface RunningSystem {
  gatewayUrl: string;
  operator: { email: string; password: string };
  /** Where identity writes outgoing mail (no SMTP in tests). */
  mailDir: string;
  ports: Record<string, { http: number; grpc?: number }>;
  stop(): Promise<void>;
}

export interface SystemOptions {
  /** Extra environment for every process (e.g. lower rate limits). */
  env?: Record<string, string>;
  /**
   * One clock for every process (start(config, { clock })): a ManualClock lets a scenario move
   * time (grace periods, cache lifetimes) instead of waiting for it.
   */
  clock?: Clock;
}

/**
 * The whole system as `npm start` runs it, in this process: every runnable workspace's real
 * start() with its own fresh database, one broker exchange, one Redis, real keys; the gateway in
 * front. Tests talk to gatewayUrl only.
 */
export const startSystem = async (options: SystemOptions = {}): Promise<RunningSystem> => {
  // Another test process may still take a chosen port between the check and the bind: start again
  // on fresh ports (everything started so far was stopped and dropped).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSystemOnce(options);
    } catch (err) {
      if (attempt >= 3 || !isAddressInUse(err)) throw err;
    }
  }
};

const startSystemOnce = async (options: SystemOptions): Promise<RunningSystem> => {
  const workspaces = runnableWorkspaces();
  const ports: Record<string, { http: number; grpc?: number }> = {};
  for (const name of Object.keys(PORTS)) {
    ports[name] = { http: await freePort(), ...(PORTS[name]!.grpc ? { grpc: await freePort() } : {}) };
  }
  const keys = createTestKeys();
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecast-mail-'));
  const infra = testInfra();
  const operator = { email: 'operator@e2e.storecast.test', password: 'operator-password-1' };
  const s3 = options.env?.S3_ENDPOINT;
  const shared = {
    postgresUrl: infra.postgresUrl,
    common: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      AMQP_URL: infra.amqpUrl,
      AMQP_EXCHANGE: testExchange('e2e'),
      REDIS_URL: infra.redisUrl,
      RATE_LIMIT_KEY_PREFIX: `e2e:${process.pid}:${Date.now()}`,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      // One upload-ticket secret per run, the same for the gateway and the services it forwards to.
      UPLOAD_TICKET_SECRET: randomBytes(32).toString('base64url'),
      MAIL_OUTBOX_DIR: mailDir,
      ...options.env,
      // With S3 (startTestS3's env), presigned media goes through the gateway as npm start has it:
      // services sign for {gateway}/media, the gateway proxies /media to the S3 server.
      ...(s3 ? { S3_PUBLIC_ENDPOINT: `http://127.0.0.1:${ports.gateway!.http}/media` } : {}),
    },
  };

  const started: Started[] = [];
  const drops: Array<() => Promise<void>> = [];
  try {
    for (const ws of workspaces) {
      const env: Record<string, string> = { ...serviceEnvironment(ws.name, shared, ports) };
      if (ws.name !== 'gateway') {
        const db = await createTestDatabase(ws.name);
        drops.push(db.drop);
        env.DATABASE_URL = db.url;
      }
      if (ws.name === 'gateway' && s3) {
        env.MEDIA_S3_ENDPOINT = s3;
        env.MEDIA_S3_BUCKET = options.env?.S3_BUCKET ?? 'storecast';
      }
      if (ws.name === 'identity') {
        env.JWT_PRIVATE_KEY = keys.privateKeyPem;
        env.OPERATOR_EMAIL = operator.email;
        env.OPERATOR_PASSWORD = operator.password;
      }
      /* eslint-disable @typescript-eslint/no-require-imports */
      const configModule = require(path.join(ws.dir, 'src', 'config')) as Record<string, unknown>;
      const { start } = require(path.join(ws.dir, 'src', 'server')) as { start: (config: unknown, deps?: { clock?: Clock }) => Promise<Started> };
      /* eslint-enable @typescript-eslint/no-require-imports */
      // Each config.ts exports load<Name>Config(env): the same parsing the process entry uses.
      const loader = Object.entries(configModule).find(([k, v]) => /^load\w+Config$/.test(k) && typeof v === 'function');
      if (!loader) throw new Error(`${ws.name}/src/config.ts exports no load<Name>Config`);
      const deps = options.clock ? { clock: options.clock } : {};
      started.push(await start((loader[1] as (e: Record<string, string>) => unknown)({ ...env }), deps));
    }
  } catch (err) {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    for (const d of drops) await d().catch(() => undefined);
    fs.rmSync(mailDir, { recursive: true, force: true });
    throw err;
  }

  return {
    gatewayUrl: `http://127.0.0.1:${ports.gateway!.http}`,
    operator,
    mailDir,
    ports,
    async stop() {
      for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
      for (const d of drops) await d().catch(() => undefined);
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
};

/** A small client for the gateway: JSON in, { status, headers, body } out. */
export const api = (baseUrl: string) => {
  const call = async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body };
  };
  return {
    get: (path: string, o?: Parameters<typeof call>[2]) => call('GET', path, o),
    post: (path: string, body?: unknown, o?: Parameters<typeof call>[2]) => call('POST', path, { ...o, body }),
    patch: (path: string, body?: unknown, o?: Parameters<typeof call>[2]) => call('PATCH', path, { ...o, body }),
    put: (path: string, body?: unknown, o?: Parameters<typeof call>[2]) => call('PUT', path, { ...o, body }),
    delete: (path: string, o?: Parameters<typeof call>[2]) => call('DELETE', path, o),
    call,
  };
};
