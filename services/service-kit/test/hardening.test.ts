import { Router } from 'express';
import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { identityProto } from '@storecast/proto';
import pino from 'pino';
import {
  AppError,
  createHttpApp,
  createServiceRuntime,
  JWT_AUDIENCE,
  JWT_ISSUER,
  listen,
  MemoryTokenRevocations,
  RedisTokenRevocations,
  signedIn,
  TokenVerifier,
} from '../src';
import { createTestEnv, createTestKeys, type TestEnv } from '../src/testing';

const logger = pino({ level: 'silent' });
const keys = createTestKeys();
const accountId = '0190c6a0-0000-7000-8000-00000000000a';
const operatorId = '0190c6a0-0000-7000-8000-00000000000b';
const sign = (claims: Record<string, unknown>, iat = Math.floor(Date.now() / 1000)) =>
  jwt.sign({ role: 'HQ_MANAGER', passwordMustChange: false, iat, ...claims }, keys.privateKeyPem, {
    algorithm: 'RS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: accountId, expiresIn: 600,
  });

describe('a 500 body', () => {
  it('never carries the defect message (SQL, parameters, stack) in any NODE_ENV', async () => {
    const r = Router();
    r.get('/api/v1/boom', () => {
      const err = new Error('insert into "accounts" ("email") values ($1) -- params: ["a\\u0000b"] at Pool.query (/app/node_modules/pg/lib/client.js:1)');
      throw err;
    });
    for (const production of [false, true]) {
      const s = await listen(createHttpApp({ logger, production, routers: [r] }), 0, '127.0.0.1');
      try {
        const res = await fetch(`${s.url}/api/v1/boom`);
        expect(res.status).toBe(500);
        const body = (await res.json()) as { error: { code: string; message: string; errorId: string } };
        expect(body.error).toEqual({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', errorId: expect.any(String) });
      } finally {
        await s.close();
      }
    }
  });
});

describe('OPTIONS', () => {
  it('passes every kit guard without credentials (one rule: not 401, not 403, even for a forced password change)', async () => {
    const verifier = new TokenVerifier({ publicKeyPem: keys.publicKeyPem });
    const r = Router();
    r.use('/api/v1/hq', ...signedIn(verifier, 'HQ_MANAGER'));
    r.get('/api/v1/hq/things', (_req, res) => void res.json({ ok: true }));
    const s = await listen(createHttpApp({ logger, production: false, routers: [r] }), 0, '127.0.0.1');
    try {
      const bare = await fetch(`${s.url}/api/v1/hq/things`, { method: 'OPTIONS' });
      expect(bare.status).toBe(200);
      expect(bare.headers.get('allow')).toContain('GET');
      const forced = await fetch(`${s.url}/api/v1/hq/things`, { method: 'OPTIONS', headers: { authorization: `Bearer ${sign({ passwordMustChange: true })}` } });
      expect(forced.status).toBe(200);
      // GET still needs the token.
      expect((await fetch(`${s.url}/api/v1/hq/things`)).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('token revocation marks', () => {
  it('refuse a token issued before the mark of its account, accept one issued after', async () => {
    const revocations = new MemoryTokenRevocations();
    const verifier = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { revocations });
    const now = Math.floor(Date.now() / 1000);
    const before = sign({}, now - 10);
    await expect(verifier.verify(before)).resolves.toMatchObject({ sub: accountId });
    await revocations.revokeBefore(accountId, new Date((now - 5) * 1000), 1800);
    await expect(verifier.verify(before)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
    await expect(verifier.verify(sign({}, now - 5))).resolves.toMatchObject({ sub: accountId });
  });

  it('refuse an impersonated session once the impersonating operator is revoked', async () => {
    const revocations = new MemoryTokenRevocations();
    const verifier = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { revocations });
    const now = Math.floor(Date.now() / 1000);
    const token = sign({ impersonatedBy: operatorId }, now - 10);
    await revocations.revokeBefore(operatorId, new Date(now * 1000), 1800);
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
  });

  it('live in Redis with the lifetime of a token and never move back', async () => {
    const prefix = `test:${randomUUID()}:`;
    const redis = new Redis('redis://127.0.0.1:6379');
    const revocations = new RedisTokenRevocations(redis, { prefix });
    try {
      await revocations.revokeBefore(accountId, new Date(2_000_000_000_000), 60);
      await revocations.revokeBefore(accountId, new Date(1_000_000_000_000), 60);
      expect(await revocations.notBefore(accountId)).toBe(2_000_000_000);
      expect(await revocations.notBefore(operatorId)).toBeUndefined();
      const ttl = await redis.ttl(prefix + accountId);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
    } finally {
      await revocations.close();
      await redis.quit();
    }
  });

  it('fail closed: an unreachable Redis answers 503, never a pass', async () => {
    const revocations = new RedisTokenRevocations('redis://127.0.0.1:1');
    const verifier = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { revocations });
    try {
      const err = await verifier.verify(sign({})).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ httpStatus: 503, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await revocations.close();
    }
  });
});

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('the runtime', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('kit-bind');
  });
  afterAll(() => env.cleanup());

  it('binds HTTP and gRPC to BIND_HOST (npm start: 127.0.0.1)', async () => {
    const runtime = await createServiceRuntime({
      name: 'kit-bind',
      database: false,
      logger,
      config: {
        NODE_ENV: 'test', HTTP_PORT: 0, GRPC_PORT: 0, AMQP_URL: env.amqpUrl, AMQP_EXCHANGE: env.exchange,
        JWT_PUBLIC_KEY: keys.publicKeyPem, JWKS_URL: 'http://127.0.0.1:1/jwks', GRPC_DEADLINE_MS: 1000, BIND_HOST: '127.0.0.1',
      },
    });
    try {
      const { http, grpc } = await runtime.serve({ routers: [], grpcServices: [{ definition: identityProto().IdentityService.service, implementation: {} }] });
      expect((http.server.address() as AddressInfo).address).toBe('127.0.0.1');
      expect(await connects('127.0.0.1', http.port)).toBe(true);
      expect(await connects('127.0.0.1', grpc!.port)).toBe(true);
      // Another address of this machine (127.0.0.2 is loopback too) reaches neither.
      expect(await connects('127.0.0.2', http.port)).toBe(false);
      expect(await connects('127.0.0.2', grpc!.port)).toBe(false);
    } finally {
      await runtime.stop();
    }
  });

  it('refuses to start in production without REDIS_URL (revocations would be unchecked)', async () => {
    await expect(
      createServiceRuntime({
        name: 'kit-bind', database: false, logger,
        config: { NODE_ENV: 'production', HTTP_PORT: 0, GRPC_PORT: 0, AMQP_URL: env.amqpUrl, AMQP_EXCHANGE: env.exchange, JWKS_URL: 'http://127.0.0.1:1/jwks', GRPC_DEADLINE_MS: 1000 },
      }),
    ).rejects.toThrow(/REDIS_URL/);
  });
});

