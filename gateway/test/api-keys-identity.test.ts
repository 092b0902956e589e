import { createApiKeyClient, identityProto, type ApiKeyServiceClient, type ApiKeyServiceHandlers } from '@storecast/proto';
import { AppError, createLogger, deadlineInterceptor, formatApiKey, ManualClock, parseApiKey, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { ApiUsageRecorder, endpointOf, type ApiUsage } from '../src/api-keys/api-usage-recorder';
import { IdentityApiKeyVerifier } from '../src/api-keys/identity-api-key-verifier';
import type { GatewayDeps } from '../src/server';
import { clearPrefix, type GatewayUnderTest, startGateway, startUpstream, type TestUpstream } from './helpers';

const key = (prefix: string) => formatApiKey(prefix, 'k'.repeat(40));
const VALID = key('valid001');
const REVOKED_LATER = key('revoke01');
const EXPIRED = key('expired1');
const NOT_APPROVED = key('pending1');
// Well-formed here; the double answers MALFORMED for it (identity's verdict is mapped, whatever the reason).
const MALFORMED_FOR_IDENTITY = key('malform1');

interface Batch {
  batchId: string;
  records: Array<{ keyId: string; endpoint: string; statusCode: number; durationMs: number; occurredAt: string }>;
}

/** identity's ApiKeyService as a contract double: a verdict table, and the batches it received. */
const apiKeyServiceDouble = () => {
  const verdicts = new Map<string, { verdict: string; keyId?: string; clientId?: string; expiresAt?: string }>([
    [VALID, { verdict: 'VALID', keyId: 'key-valid', clientId: 'client-1' }],
    [REVOKED_LATER, { verdict: 'VALID', keyId: 'key-revoke', clientId: 'client-1' }],
    [EXPIRED, { verdict: 'EXPIRED' }],
    [NOT_APPROVED, { verdict: 'CLIENT_NOT_APPROVED' }],
    [MALFORMED_FOR_IDENTITY, { verdict: 'MALFORMED' }],
  ]);
  const state = {
    verifyCalls: 0,
    ttlSeconds: 30,
    failVerify: 0,
    /** While set, VerifyApiKey answers only once the test resolves it. */
    verifyGate: undefined as Promise<void> | undefined,
    failUsage: 0,
    batches: [] as Batch[],
    attempts: [] as string[],
  };
  const handlers: ApiKeyServiceHandlers = {
    VerifyApiKey: unaryHandler(async ({ apiKey }) => {
      state.verifyCalls++;
      await state.verifyGate;
      if (state.failVerify > 0) {
        state.failVerify--;
        throw new Error('identity is having a bad day');
      }
      const v = verdicts.get(apiKey) ?? { verdict: 'UNKNOWN' };
      return {
        valid: v.verdict === 'VALID',
        verdict: v.verdict,
        keyId: v.keyId,
        clientId: v.clientId,
        expiresAt: v.expiresAt,
        cacheTtlSeconds: state.ttlSeconds,
      };
    }),
    RecordApiUsage: unaryHandler(async ({ batchId, records }) => {
      state.attempts.push(batchId);
      if (state.failUsage > 0) {
        state.failUsage--;
        throw new Error('identity is having a bad day');
      }
      const duplicate = state.batches.some((b) => b.batchId === batchId);
      if (!duplicate) state.batches.push({ batchId, records: records as Batch['records'] });
      return { accepted: duplicate ? 0 : records.length, duplicateBatch: duplicate };
    }),
  };
  return { verdicts, state, handlers };
};

describe('public API keys verified by identity over gRPC', () => {
  let catalog: TestUpstream;
  let identity: RunningGrpcServer;
  let double: ReturnType<typeof apiKeyServiceDouble>;
  let gateway: GatewayUnderTest;

  beforeEach(async () => {
    double = apiKeyServiceDouble();
    identity = await startGrpcServer(0, [{ definition: identityProto().ApiKeyService.service, implementation: double.handlers }], '127.0.0.1');
    catalog = await startUpstream('catalog-search');
  });

  afterEach(async () => {
    await gateway?.stop();
    await identity.close();
    await catalog.close();
    if (gateway) await clearPrefix(gateway.prefix);
  });

  const start = (env: Record<string, string> = {}, deps: Partial<GatewayDeps> = {}) =>
    startGateway({ 'catalog-search': catalog.url }, { IDENTITY_GRPC_ADDR: `127.0.0.1:${identity.port}`, API_USAGE_FLUSH_MS: '100', ...env }, deps);
  const call = (path: string, headers: Record<string, string>) => fetch(`${gateway.url}${path}`, { headers });
  const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
  const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

  it('maps identity verdicts to spec 01 errors and forwards a valid key with its ids', async () => {
    gateway = await start();
    const ok = await call('/v1/music/offset?take=10&skip=0', bearer(VALID));
    // The body too: a 503 says whether identity or the upstream failed.
    expect({ status: ok.status, body: ok.status === 200 ? '' : await ok.text() }).toEqual({ status: 200, body: '' });
    expect(catalog.received.at(-1)?.headers['x-storecast-api-key-id']).toBe('key-valid');
    expect(await (await call('/v1/music/offset?take=1&skip=0', bearer(EXPIRED))).json()).toEqual(legacy(400, 'Expired API Key'));
    expect(await (await call('/v1/music/offset?take=1&skip=0', bearer(NOT_APPROVED))).json()).toEqual(legacy(400, 'Undefined API Key'));
    expect(await (await call('/v1/music/offset?take=1&skip=0', bearer(key('nobody01')))).json()).toEqual(legacy(400, 'Undefined API Key'));
    expect(await (await call('/v1/music/offset?take=1&skip=0', bearer(MALFORMED_FOR_IDENTITY))).json()).toEqual(legacy(400, 'Malformed API Key'));
    const search = await call('/api/music/search/text', { 'x-api-key': VALID });
    expect(search.status).toBe(200);
  });

  it('asks identity once per key within the cache lifetime', async () => {
    gateway = await start();
    for (let i = 0; i < 5; i++) expect((await call('/v1/music/cursor?take=1', bearer(VALID))).status).toBe(200);
    expect(double.state.verifyCalls).toBe(1);
  });

  it('a key revoked at identity is refused once the cache lifetime identity gave has passed', async () => {
    double.state.ttlSeconds = 1;
    const clock = new ManualClock();
    gateway = await start({}, { clock });
    expect((await call('/v1/music/cursor?take=1', bearer(REVOKED_LATER))).status).toBe(200);
    double.verdicts.set(REVOKED_LATER, { verdict: 'REVOKED' });
    // Within the lifetime the cached answer still holds (that is the documented revocation delay).
    clock.advance(999);
    expect((await call('/v1/music/cursor?take=1', bearer(REVOKED_LATER))).status).toBe(200);
    clock.advance(1);
    const refused = await call('/v1/music/cursor?take=1', bearer(REVOKED_LATER));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(legacy(400, 'Undefined API Key'));
  });

  it('when identity fails to verify, the key answers 503 in the legacy shape, and the failure is not cached', async () => {
    double.state.failVerify = 1;
    gateway = await start();
    const before = catalog.received.length;
    const failed = await call('/v1/music/cursor?take=1', bearer(VALID));
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual(legacy(503, 'API key verification is unavailable'));
    expect(catalog.received.length).toBe(before);
    expect((await call('/v1/music/cursor?take=1', bearer(VALID))).status).toBe(200);
    expect(double.state.verifyCalls).toBe(2);
  });

  it('with a zero lifetime every call asks identity', async () => {
    double.state.ttlSeconds = 0;
    gateway = await start();
    for (let i = 0; i < 3; i++) await call('/v1/music/cursor?take=1', bearer(VALID));
    expect(double.state.verifyCalls).toBe(3);
  });

  it('records usage per key and endpoint template, with status and duration, in batches', async () => {
    const clock = new ManualClock(new Date('2026-05-01T09:00:00.000Z'));
    gateway = await start({}, { clock });
    // A slow 404 from catalog-search (80 ms pass on the gateway's clock while it works): its status
    // and time are what the key holder sees.
    catalog.handlers.set('/v1/music/query', (_req, res) => {
      clock.advance(80);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Requested resource was not found.', error: 'Bad Request', statusCode: 404 }));
    });
    await call('/v1/music/cursor?take=1&id=0199aaaa-0000-7000-8000-000000000001', bearer(VALID));
    await call('/v1/music/offset?take=1&skip=0', bearer(VALID));
    await call('/v1/music/offset?take=1&skip=1', bearer(VALID));
    expect((await call('/v1/music/query?id=0199aaaa-0000-7000-8000-000000000002', bearer(VALID))).status).toBe(404);
    await fetch(`${gateway.url}/api/music/search/text`, { method: 'POST', headers: { 'x-api-key': VALID, 'content-type': 'application/json' }, body: '{"query_text":"calm"}' });
    await call('/v1/music/offset?take=1&skip=0', bearer(EXPIRED)); // refused keys are not anybody's usage
    await eventually(() => expect(double.state.batches.flatMap((b) => b.records)).toHaveLength(5));
    const records = double.state.batches.flatMap((b) => b.records);
    expect(records.map((r) => r.endpoint).sort()).toEqual([
      'GET /v1/music/cursor',
      'GET /v1/music/offset',
      'GET /v1/music/offset',
      'GET /v1/music/query',
      'POST /api/music/search/text',
    ]);
    for (const r of records) {
      expect(r.keyId).toBe('key-valid');
      expect(r.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const query = records.find((r) => r.endpoint === 'GET /v1/music/query')!;
    expect(query).toMatchObject({ statusCode: 404, durationMs: 80, occurredAt: '2026-05-01T09:00:00.000Z' });
    const others = records.filter((r) => r.endpoint !== 'GET /v1/music/query');
    expect(others.every((r) => r.statusCode === 200 && r.durationMs === 0)).toBe(true);
    // Calls after the slow one happened 80 ms later on the gateway's clock.
    expect(others.map((r) => r.occurredAt).sort()).toEqual([
      '2026-05-01T09:00:00.000Z',
      '2026-05-01T09:00:00.000Z',
      '2026-05-01T09:00:00.000Z',
      '2026-05-01T09:00:00.080Z',
    ]);
    expect(new Set(double.state.batches.map((b) => b.batchId)).size).toBe(double.state.batches.length);
  });

  it('when identity refuses a batch, the same batch id is sent again later and counted once', async () => {
    double.state.failUsage = 2;
    gateway = await start();
    await call('/v1/music/cursor?take=1', bearer(VALID));
    await eventually(() => expect(double.state.batches).toHaveLength(1), 5000);
    const id = double.state.batches[0]!.batchId;
    expect(double.state.attempts.filter((a) => a === id).length).toBe(3);
  });

  it('sends what is buffered when it stops', async () => {
    gateway = await start({ API_USAGE_FLUSH_MS: '600000' });
    await call('/v1/music/cursor?take=1', bearer(VALID));
    expect(double.state.batches).toHaveLength(0);
    await gateway.stop();
    expect(double.state.batches.flatMap((b) => b.records)).toHaveLength(1);
    gateway = undefined as unknown as GatewayUnderTest;
  });

  it('names endpoints by template, never by raw paths', () => {
    expect(endpointOf('GET', '/v1/music/query')).toBe('GET /v1/music/query');
    expect(endpointOf('POST', '/api/music/search/similar/')).toBe('POST /api/music/search/similar');
    expect(endpointOf('GET', '/v1/music/0199-some-id')).toBe('GET /v1/music/*');
  });
});

describe('IdentityApiKeyVerifier (cache, against the ApiKeyService double)', () => {
  let identity: RunningGrpcServer;
  let double: ReturnType<typeof apiKeyServiceDouble>;
  let client: ApiKeyServiceClient;
  let clock: number;
  const logger = createLogger('gateway', 'silent');
  const parsed = (k: string) => parseApiKey(k)!;
  const verifier = (maxEntries?: number) => new IdentityApiKeyVerifier({ client, logger, maxEntries, now: () => clock });

  beforeEach(async () => {
    double = apiKeyServiceDouble();
    identity = await startGrpcServer(0, [{ definition: identityProto().ApiKeyService.service, implementation: double.handlers }], '127.0.0.1');
    client = createApiKeyClient(`127.0.0.1:${identity.port}`, { interceptors: [deadlineInterceptor(2000)] });
    clock = Date.parse('2026-05-01T00:00:00.000Z');
  });

  afterEach(async () => {
    client.close();
    await identity.close();
  });

  it('keeps a verdict exactly for the lifetime identity gave it', async () => {
    const v = verifier();
    expect(await v.verify(parsed(VALID))).toEqual({ keyId: 'key-valid', clientId: 'client-1' });
    clock += 29_999;
    await v.verify(parsed(VALID));
    expect(double.state.verifyCalls).toBe(1);
    clock += 1;
    await v.verify(parsed(VALID));
    expect(double.state.verifyCalls).toBe(2);
  });

  it('a revoked key is refused once that lifetime has passed, not before', async () => {
    const v = verifier();
    await v.verify(parsed(REVOKED_LATER));
    double.verdicts.set(REVOKED_LATER, { verdict: 'REVOKED' });
    clock += 10_000;
    expect(await v.verify(parsed(REVOKED_LATER))).toEqual({ keyId: 'key-revoke', clientId: 'client-1' });
    clock += 20_000;
    expect(await v.verify(parsed(REVOKED_LATER))).toBe('unknown');
  });

  it('keeps negative verdicts too (one call per bad key and lifetime)', async () => {
    const v = verifier();
    const nobody = parsed(key('nobody02'));
    expect(await v.verify(nobody)).toBe('unknown');
    expect(await v.verify(nobody)).toBe('unknown');
    expect(await v.verify(parsed(EXPIRED))).toBe('expired');
    expect(await v.verify(parsed(EXPIRED))).toBe('expired');
    expect(await v.verify(parsed(NOT_APPROVED))).toBe('unknown');
    expect(await v.verify(parsed(MALFORMED_FOR_IDENTITY))).toBe('malformed');
    expect(double.state.verifyCalls).toBe(4);
  });

  it('never keeps a valid verdict past the key\'s own expiry', async () => {
    double.verdicts.set(VALID, { verdict: 'VALID', keyId: 'key-valid', clientId: 'client-1', expiresAt: new Date(clock + 5_000).toISOString() });
    const v = verifier();
    await v.verify(parsed(VALID));
    double.verdicts.set(VALID, { verdict: 'EXPIRED' });
    clock += 4_999;
    expect(typeof (await v.verify(parsed(VALID)))).toBe('object');
    clock += 1;
    expect(await v.verify(parsed(VALID))).toBe('expired');
  });

  it('with a zero lifetime nothing is kept', async () => {
    double.state.ttlSeconds = 0;
    const v = verifier();
    await v.verify(parsed(VALID));
    await v.verify(parsed(VALID));
    expect(double.state.verifyCalls).toBe(2);
    expect(v.size).toBe(0);
  });

  it('holds at most maxEntries verdicts, dropping the least recently used', async () => {
    const v = verifier(2);
    await v.verify(parsed(VALID)); // call 1
    await v.verify(parsed(EXPIRED)); // call 2
    await v.verify(parsed(VALID)); // cached; VALID is now the most recently used
    await v.verify(parsed(NOT_APPROVED)); // call 3, drops EXPIRED
    expect(v.size).toBe(2);
    await v.verify(parsed(VALID)); // still cached
    expect(double.state.verifyCalls).toBe(3);
    await v.verify(parsed(EXPIRED)); // asked again
    expect(double.state.verifyCalls).toBe(4);
  });

  it('a failure to reach or hear from identity is a 503, never cached', async () => {
    double.state.failVerify = 1;
    const v = verifier();
    const err = await v.verify(parsed(VALID)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(503);
    expect(v.size).toBe(0);
    expect(await v.verify(parsed(VALID))).toEqual({ keyId: 'key-valid', clientId: 'client-1' });

    await identity.close();
    const down = await v.verify(parsed(key('nobody03'))).catch((e: unknown) => e);
    expect((down as AppError).httpStatus).toBe(503);
  });

  it('concurrent first requests with one key share one call to identity', async () => {
    let answer!: () => void;
    double.state.verifyGate = new Promise((resolve) => (answer = resolve));
    const v = verifier();
    const pending = Promise.all(Array.from({ length: 8 }, () => v.verify(parsed(VALID))));
    // identity holds its answer until all eight are waiting.
    await eventually(() => expect(double.state.verifyCalls).toBe(1));
    answer();
    const verdicts = await pending;
    expect(verdicts.every((r) => typeof r === 'object' && r.keyId === 'key-valid')).toBe(true);
    expect(double.state.verifyCalls).toBe(1);
  });
});

describe('ApiUsageRecorder (against the ApiKeyService double)', () => {
  let identity: RunningGrpcServer;
  let double: ReturnType<typeof apiKeyServiceDouble>;
  let client: ApiKeyServiceClient;
  let recorder: ApiUsageRecorder | undefined;
  const logger = createLogger('gateway', 'silent');
  const usage = (n: number): ApiUsage => ({
    keyId: 'key-valid',
    endpoint: 'GET /v1/music/cursor',
    statusCode: 200,
    durationMs: n,
    occurredAt: new Date(Date.UTC(2026, 4, 1, 0, 0, n)).toISOString(),
  });
  // A timer that never fires within a test: flushes happen by batch size or by explicit calls.
  const make = (batchSize: number, maxBuffered?: number) => {
    recorder = new ApiUsageRecorder({ client, logger, flushIntervalMs: 3_600_000, batchSize, maxBuffered });
    recorder.start();
    return recorder;
  };

  beforeEach(async () => {
    double = apiKeyServiceDouble();
    identity = await startGrpcServer(0, [{ definition: identityProto().ApiKeyService.service, implementation: double.handlers }], '127.0.0.1');
    client = createApiKeyClient(`127.0.0.1:${identity.port}`, { interceptors: [deadlineInterceptor(2000)] });
  });

  afterEach(async () => {
    await recorder?.stop();
    recorder = undefined;
    client.close();
    await identity.close();
  });

  it('sends as soon as batchSize records wait, in batches of at most that size, each with its own id', async () => {
    const r = make(3);
    r.record(usage(0));
    r.record(usage(1));
    // Below batchSize nothing leaves (a send would take both records into a batch of two; the
    // batch sizes below prove none did).
    for (let i = 2; i < 9; i++) r.record(usage(i));
    // The first batch left with the third record; what arrived meanwhile follows in the same flush.
    await eventually(() => expect(double.state.batches.flatMap((b) => b.records)).toHaveLength(9));
    expect(double.state.batches.map((b) => b.records.length)).toEqual([3, 3, 3]);
    expect(double.state.batches.flatMap((b) => b.records.map((x) => x.durationMs))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(double.state.batches.map((b) => b.batchId)).size).toBe(3);
    expect(r.waiting).toBe(0);
  });

  it('after a failed flush, new records do not trigger a retry each; the next flush resends the same batch id', async () => {
    double.state.failUsage = 1;
    const r = make(1);
    r.record(usage(0)); // a full batch: sent at once, refused
    await r.flush(); // the attempt under way
    expect(double.state.attempts).toHaveLength(1);
    for (let i = 1; i < 20; i++) r.record(usage(i));
    await new Promise((res) => setImmediate(res));
    expect(double.state.attempts).toHaveLength(1);
    await r.flush();
    expect(double.state.attempts[1]).toBe(double.state.attempts[0]);
    expect(double.state.batches.flatMap((b) => b.records)).toHaveLength(20);
    expect(new Set(double.state.batches.map((b) => b.batchId)).size).toBe(20);
  });

  it('while identity refuses, at most maxBuffered records wait and the oldest are dropped', async () => {
    double.state.failUsage = 1_000;
    const r = make(2, 5);
    r.record(usage(0));
    r.record(usage(1)); // a full batch: sent at once, refused, kept
    await r.flush();
    for (let i = 2; i < 12; i++) r.record(usage(i));
    expect(r.waiting).toBe(5);
    expect(double.state.attempts).toHaveLength(1);
    double.state.failUsage = 0;
    await r.flush();
    const sent = double.state.batches.flatMap((b) => b.records.map((x) => x.durationMs));
    expect(sent).toHaveLength(5);
    // The first batch (taken before the buffer overflowed) is kept whole; the rest are the newest.
    expect(sent).toEqual([0, 1, 9, 10, 11]);
  });

  it('stop() sends what is left', async () => {
    const r = make(100);
    r.record(usage(1));
    r.record(usage(2));
    await r.stop();
    recorder = undefined;
    expect(double.state.batches.flatMap((b) => b.records)).toHaveLength(2);
  });
});
