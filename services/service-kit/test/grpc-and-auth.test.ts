import jwt from 'jsonwebtoken';
import { credentials, makeGenericClientConstructor, status, type Client, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import express from 'express';
import { createPublicKey } from 'node:crypto';
import { createIdentityClient, identityProto, type IdentityServiceHandlers } from '@storecast/proto';
import {
  AppError,
  callUnary,
  deadlineInterceptor,
  HEALTH_SERVICE,
  JWT_AUDIENCE,
  JWT_ISSUER,
  listen,
  ManualClock,
  MemoryTokenRevocations,
  notFound,
  type RunningGrpcServer,
  startGrpcServer,
  TokenVerifier,
  unary,
  unaryHandler,
} from '../src';
import { createTestKeys } from '../src/testing';

describe('gRPC helpers', () => {
  it('carry an AppError across the wire with its platform code and HTTP status', async () => {
    const handlers: IdentityServiceHandlers = {
      GetAccount: unaryHandler(async ({ id }) => {
        if (id === 'missing') throw notFound('ACCOUNT_NOT_FOUND', 'No such account');
        return { id, email: 'a@b.c', role: 'OPERATOR', status: 'ACTIVE', passwordMustChange: false, createdAt: '2026-01-01T00:00:00.000Z' };
      }),
      GetPublicKeys: unaryHandler(async () => {
        throw new Error('a defect with a secret');
      }),
    };
    const server = await startGrpcServer(0, [{ definition: identityProto().IdentityService.service, implementation: handlers }], '127.0.0.1');
    const client = createIdentityClient(`127.0.0.1:${server.port}`, { interceptors: [deadlineInterceptor(2000)] });
    try {
      const ok = await callUnary(client, 'getAccount', { id: 'x' });
      expect(ok).toMatchObject({ id: 'x', email: 'a@b.c', role: 'OPERATOR' });

      const missing = await unary(client.getAccount.bind(client), { id: 'missing' }).catch((e) => e);
      expect(missing).toBeInstanceOf(AppError);
      expect(missing).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', httpStatus: 404, message: 'No such account' });

      const defect: AppError = await callUnary(client, 'getPublicKeys', {}).then(
        () => {
          throw new Error('expected a failure');
        },
        (e: AppError) => e,
      );
      expect(defect).toMatchObject({ httpStatus: 502, code: 'UPSTREAM_ERROR' });
      expect(defect.message).not.toContain('secret');
    } finally {
      client.close();
      await server.close();
    }
  });

  it('refuse a request with a NUL in any string as INVALID_ARGUMENT VALIDATION_FAILED naming the field, before the handler runs', async () => {
    const seen: string[] = [];
    const handlers: IdentityServiceHandlers = {
      GetAccount: unaryHandler(async ({ id }) => {
        seen.push(id);
        throw notFound('ACCOUNT_NOT_FOUND', 'No such account');
      }),
      GetPublicKeys: unaryHandler(async () => ({ keys: [] })),
    };
    const server = await startGrpcServer(0, [{ definition: identityProto().IdentityService.service, implementation: handlers }], '127.0.0.1');
    const client = createIdentityClient(`127.0.0.1:${server.port}`, { interceptors: [deadlineInterceptor(2000)] });
    try {
      const raw = await new Promise<ServiceError>((resolve) => client.getAccount({ id: 'abc\u0000' }, (err) => resolve(err!)));
      expect(raw.code).toBe(status.INVALID_ARGUMENT);
      expect(raw.metadata.get('x-app-code')).toEqual(['VALIDATION_FAILED']);
      expect(raw.details).toBe('id must not contain NUL characters');
      const refused = await unary(client.getAccount.bind(client), { id: 'a\u0000b' }).catch((e: AppError) => e);
      expect(refused).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
      expect(seen).toEqual([]);
      // A lone surrogate cannot reach a handler: protobuf strings are UTF-8, it arrives as U+FFFDs.
      await unary(client.getAccount.bind(client), { id: 'x\ud800' }).catch(() => undefined);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/^x\ufffd+$/);
    } finally {
      client.close();
      await server.close();
    }
  });

  it('when the peer is down, a call fails within its deadline as 503 SERVICE_UNAVAILABLE', async () => {
    const client = createIdentityClient('127.0.0.1:1', { interceptors: [deadlineInterceptor(300)] });
    const started = Date.now();
    const err = await unary(client.getAccount.bind(client), { id: 'x' }).catch((e) => e);
    expect(err).toMatchObject({ httpStatus: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5000);
    client.close();
  });
});

/** A client of the standard grpc.health.v1.Health service, as probes and load balancers use it. */
type HealthStatus = { status: string };
type HealthClient = Client & {
  check(req: { service: string }, cb: (err: ServiceError | null, res?: HealthStatus) => void): void;
  watch(req: { service: string }): ClientReadableStream<HealthStatus>;
};
const healthClient = (port: number): HealthClient =>
  new (makeGenericClientConstructor(HEALTH_SERVICE, 'Health'))(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as HealthClient;
const check = (client: HealthClient, service: string) =>
  new Promise<string>((resolve, reject) => client.check({ service }, (err, res) => (err ? reject(err) : resolve(res!.status))));

describe('gRPC health (grpc.health.v1) on every kit gRPC server', () => {
  const identity: IdentityServiceHandlers = {
    GetAccount: unaryHandler(async () => {
      throw notFound('ACCOUNT_NOT_FOUND', 'No such account');
    }),
    GetPublicKeys: unaryHandler(async () => ({ keys: [] })),
  };
  const servers: RunningGrpcServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) s.server.forceShutdown();
  });

  it('answers SERVING for the server and for each of its services while up; an unknown service is NOT_FOUND', async () => {
    const server = await startGrpcServer(0, [{ definition: identityProto().IdentityService.service, implementation: identity }], '127.0.0.1');
    servers.push(server);
    const client = healthClient(server.port);
    try {
      expect(server.serviceNames).toEqual(['storecast.identity.v1.IdentityService']);
      expect(await check(client, '')).toBe('SERVING');
      expect(await check(client, 'storecast.identity.v1.IdentityService')).toBe('SERVING');
      await expect(check(client, 'storecast.nothing.v1.Nothing')).rejects.toMatchObject({ code: status.NOT_FOUND });
    } finally {
      client.close();
    }
  });

  it('a watcher learns NOT_SERVING as soon as the server starts stopping', async () => {
    const server = await startGrpcServer(0, [{ definition: identityProto().IdentityService.service, implementation: identity }], '127.0.0.1');
    servers.push(server);
    const client = healthClient(server.port);
    const seen: string[] = [];
    const watch = client.watch({ service: 'storecast.identity.v1.IdentityService' });
    watch.on('error', () => undefined); // cancelled below
    const notServing = new Promise<void>((resolve) =>
      watch.on('data', (m: HealthStatus) => {
        seen.push(m.status);
        if (m.status === 'NOT_SERVING') resolve();
      }),
    );
    try {
      await new Promise<void>((resolve) => watch.once('data', () => resolve()));
      expect(seen).toEqual(['SERVING']);
      const closed = server.close();
      await notServing;
      expect(seen).toEqual(['SERVING', 'NOT_SERVING']);
      watch.cancel(); // the open stream is the last call the graceful shutdown waits for
      await closed;
    } finally {
      client.close();
    }
  });
});

describe('TokenVerifier', () => {
  const keys = createTestKeys();
  const sign = (claims: object, options: jwt.SignOptions = {}) =>
    jwt.sign({ role: 'HQ_MANAGER', hqId: 'hq-1', passwordMustChange: false, ...claims }, keys.privateKeyPem, {
      algorithm: 'RS256', keyid: 'k1', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: 'acc-1', expiresIn: 60, ...options,
    });

  it('accepts a token signed by the issuer and returns its claims', async () => {
    const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem });
    expect(await v.verify(sign({}))).toMatchObject({ sub: 'acc-1', role: 'HQ_MANAGER', hqId: 'hq-1', passwordMustChange: false });
  });

  it('refuses an expired token with AUTH_TOKEN_EXPIRED and a forged one with AUTH_TOKEN_INVALID', async () => {
    const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem });
    await expect(v.verify(sign({}, { expiresIn: -10 }))).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_EXPIRED' });
    const other = createTestKeys();
    const forged = jwt.sign({ role: 'OPERATOR' }, other.privateKeyPem, { algorithm: 'RS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: 'x' });
    await expect(v.verify(forged)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
    await expect(v.verify('not-a-jwt')).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    // An HS256 token signed with the public key as secret must not pass (algorithm confusion).
    const confused = jwt.sign({ role: 'OPERATOR' }, 'secret', { algorithm: 'HS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: 'x' });
    await expect(v.verify(confused)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
  });

  it('fetches keys from a JWKS endpoint and picks the key by kid', async () => {
    const jwk = { ...createPublicKey(keys.publicKeyPem).export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
    let fetches = 0;
    const app = express();
    app.get('/jwks', (_req, res) => {
      fetches++;
      res.json({ keys: [jwk] });
    });
    const s = await listen(app, 0, '127.0.0.1');
    try {
      const v = new TokenVerifier({ jwksUrl: `${s.url}/jwks` });
      expect((await v.verify(sign({}))).sub).toBe('acc-1');
      expect((await v.verify(sign({ hqId: 'hq-2' }))).hqId).toBe('hq-2');
      expect(fetches).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('answers 503 when the JWKS endpoint is unreachable, rather than calling the token invalid', async () => {
    const v = new TokenVerifier({ jwksUrl: 'http://127.0.0.1:1/jwks' });
    await expect(v.verify(sign({}))).rejects.toMatchObject({ httpStatus: 503 });
  });

  it('answers 503 when the JWKS endpoint fails or answers something else than a key set; a junk token is still 401', async () => {
    for (const answer of [new Response('down', { status: 500 }), Response.json({ not: 'a key set' })]) {
      const v = new TokenVerifier({ jwksUrl: 'http://identity.invalid/jwks', fetchImpl: async () => answer });
      await expect(v.verify(sign({}))).rejects.toMatchObject({ httpStatus: 503, code: 'SERVICE_UNAVAILABLE' });
      await expect(v.verify('not-a-jwt')).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
    }
  });

  it('a token naming a key id the JWKS does not have is AUTH_TOKEN_INVALID (the set is not refetched within its 30 s cooldown)', async () => {
    const jwk = { ...createPublicKey(keys.publicKeyPem).export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
    let fetches = 0;
    const v = new TokenVerifier({
      jwksUrl: 'http://identity.invalid/jwks',
      fetchImpl: async () => {
        fetches++;
        return Response.json({ keys: [jwk] });
      },
    });
    expect((await v.verify(sign({}))).sub).toBe('acc-1');
    await expect(v.verify(sign({}, { keyid: 'rotated-away' }))).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
    expect(fetches).toBe(1);
  });

  it('judges expiry at the injected clock', async () => {
    const clock = new ManualClock();
    const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { clock });
    const token = sign({}, { expiresIn: 60 });
    expect((await v.verify(token)).sub).toBe('acc-1');
    clock.advance(61_000);
    await expect(v.verify(token)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_EXPIRED' });
  });

  describe('verified tokens are kept until they expire', () => {
    // Counts RS256 signature checks (jose verifies through WebCrypto).
    const signatureChecks = () => jest.spyOn(globalThis.crypto.subtle, 'verify');
    afterEach(() => jest.restoreAllMocks());

    it('checks the signature of a token once and answers the same claims after that', async () => {
      const checks = signatureChecks();
      const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem });
      const token = sign({ storeId: 'store-1' });
      const first = await v.verify(token);
      expect(await v.verify(token)).toEqual(first);
      expect(await v.verify(token)).toMatchObject({ sub: 'acc-1', storeId: 'store-1' });
      expect(checks).toHaveBeenCalledTimes(1);
      await v.verify(sign({ storeId: 'store-2' }));
      expect(checks).toHaveBeenCalledTimes(2);
      expect(v.cachedTokens).toBe(2);
    });

    it('a kept token expires at its own exp on the clock (AUTH_TOKEN_EXPIRED, no longer kept)', async () => {
      const clock = new ManualClock();
      const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { clock });
      const token = sign({}, { expiresIn: 60 });
      await v.verify(token);
      clock.advance(59_000);
      expect((await v.verify(token)).sub).toBe('acc-1');
      clock.advance(2_000);
      await expect(v.verify(token)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_EXPIRED' });
      expect(v.cachedTokens).toBe(0);
    });

    it('reads the revocation marks on every request: a kept token revoked afterwards is refused at once', async () => {
      const revocations = new MemoryTokenRevocations();
      const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { revocations });
      const token = sign({});
      await v.verify(token);
      await revocations.revokeBefore('acc-1', new Date(Date.now() + 5000), 600);
      await expect(v.verify(token)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
      // The impersonating operator's mark stops an impersonation token that was kept.
      const impersonation = sign({ impersonatedBy: 'operator-1' }, { subject: 'acc-2' });
      await v.verify(impersonation);
      await revocations.revokeBefore('operator-1', new Date(Date.now() + 5000), 600);
      await expect(v.verify(impersonation)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    });

    it('never keeps a failure: a bad token is checked every time, keys that were unavailable are asked again', async () => {
      const checks = signatureChecks();
      const v = new TokenVerifier({ publicKeyPem: createTestKeys().publicKeyPem });
      const token = sign({});
      await expect(v.verify(token)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
      await expect(v.verify(token)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
      expect(checks).toHaveBeenCalledTimes(2);
      expect(v.cachedTokens).toBe(0);

      const jwk = { ...createPublicKey(keys.publicKeyPem).export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
      let up = false;
      const remote = new TokenVerifier({ jwksUrl: 'http://identity.invalid/jwks', fetchImpl: async () => (up ? Response.json({ keys: [jwk] }) : new Response('down', { status: 500 })) });
      await expect(remote.verify(token)).rejects.toMatchObject({ httpStatus: 503 });
      up = true;
      expect((await remote.verify(token)).sub).toBe('acc-1');
    });

    it('keeps at most cacheMaxEntries tokens, dropping the least recently used (0 keeps none)', async () => {
      const checks = signatureChecks();
      const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { cacheMaxEntries: 2 });
      const [a, b, c] = ['s-a', 's-b', 's-c'].map((storeId) => sign({ storeId }));
      await v.verify(a!);
      await v.verify(b!);
      await v.verify(a!); // a is now the most recently used
      await v.verify(c!); // drops b
      expect(v.cachedTokens).toBe(2);
      expect(checks).toHaveBeenCalledTimes(3);
      await v.verify(a!);
      await v.verify(c!);
      expect(checks).toHaveBeenCalledTimes(3);
      await v.verify(b!);
      expect(checks).toHaveBeenCalledTimes(4);

      const none = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { cacheMaxEntries: 0 });
      await none.verify(a!);
      await none.verify(a!);
      expect(checks).toHaveBeenCalledTimes(6);
      expect(none.cachedTokens).toBe(0);
    });
  });

  it('refuses a token that never expires or names nobody', async () => {
    const v = new TokenVerifier({ publicKeyPem: keys.publicKeyPem });
    const noExpiry = jwt.sign({ role: 'OPERATOR' }, keys.privateKeyPem, { algorithm: 'RS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: 'x' });
    await expect(v.verify(noExpiry)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    const nobody = jwt.sign({ role: 'OPERATOR' }, keys.privateKeyPem, { algorithm: 'RS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, expiresIn: 60 });
    await expect(v.verify(nobody)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    await expect(v.verify(sign({ role: 'ROOT' }))).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
  });
});

describe('AppError gRPC status', () => {
  it('is ALREADY_EXISTS for duplicates and FAILED_PRECONDITION for other conflicts', () => {
    expect(new AppError(409, 'DUPLICATE_EMAIL', 'x').grpcStatus).toBe(status.ALREADY_EXISTS);
    expect(new AppError(409, 'STORE_ALREADY_CLOSED', 'x').grpcStatus).toBe(status.FAILED_PRECONDITION);
    expect(new AppError(404, 'HQ_NOT_FOUND', 'x').grpcStatus).toBe(status.NOT_FOUND);
  });
});
