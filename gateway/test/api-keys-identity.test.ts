import { identityProto, type ApiKeyServiceHandlers } from '@storecast/proto';
import { startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { formatApiKey } from '../src/api-keys/api-key-format';
import { endpointOf } from '../src/api-keys/api-usage-recorder';
import { clearPrefix, GatewayUnderTest, startGateway, startUpstream, TestUpstream } from './helpers';

const key = (prefix: string) => formatApiKey(prefix, 'k'.repeat(40));
const VALID = key('valid001');
const REVOKED_LATER = key('revoke01');
const EXPIRED = key('expired1');
const NOT_APPROVED = key('pending1');
const MALFORMED_FOR_IDENTITY = key('UPPER001');

interface Batch {
  batchId: string;
  records: Array<{ keyId: string; endpoint: string; statusCode: number; durationMs: number; occurredAt: string }>;
}

/** identity's ApiKeyService as a contract double: a verdict table, and the batches it received. */
const apiKeyServiceDouble = () => {
  const verdicts = new Map<string, { verdict: string; keyId?: string; clientId?: string }>([
    [VALID, { verdict: 'VALID', keyId: 'key-valid', clientId: 'client-1' }],
    [REVOKED_LATER, { verdict: 'VALID', keyId: 'key-revoke', clientId: 'client-1' }],
    [EXPIRED, { verdict: 'EXPIRED' }],
    [NOT_APPROVED, { verdict: 'CLIENT_NOT_APPROVED' }],
    [MALFORMED_FOR_IDENTITY, { verdict: 'MALFORMED' }],
  ]);
  const state = { verifyCalls: 0, ttlSeconds: 30, failUsage: 0, batches: [] as Batch[], attempts: [] as string[] };
  const handlers: ApiKeyServiceHandlers = {
    VerifyApiKey: unaryHandler(async ({ apiKey }) => {
      state.verifyCalls++;
      const v = verdicts.get(apiKey) ?? { verdict: 'UNKNOWN' };
      return { valid: v.verdict === 'VALID', verdict: v.verdict, keyId: v.keyId, clientId: v.clientId, cacheTtlSeconds: state.ttlSeconds };
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

  const start = (env: Record<string, string> = {}) =>
    startGateway({ 'catalog-search': catalog.url }, { IDENTITY_GRPC_ADDR: `127.0.0.1:${identity.port}`, API_USAGE_FLUSH_MS: '100', ...env });
  const call = (path: string, headers: Record<string, string>) => fetch(`${gateway.url}${path}`, { headers });
  const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
  const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

  it('maps identity verdicts to spec 01 errors and forwards a valid key with its ids', async () => {
    gateway = await start();
    const ok = await call('/v1/music/offset?take=10&skip=0', bearer(VALID));
    expect(ok.status).toBe(200);
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
    gateway = await start();
    expect((await call('/v1/music/cursor?take=1', bearer(REVOKED_LATER))).status).toBe(200);
    double.verdicts.set(REVOKED_LATER, { verdict: 'REVOKED' });
    // Within the lifetime the cached answer still holds (that is the documented revocation delay).
    expect((await call('/v1/music/cursor?take=1', bearer(REVOKED_LATER))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const refused = await call('/v1/music/cursor?take=1', bearer(REVOKED_LATER));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(legacy(400, 'Undefined API Key'));
  });

  it('with a zero lifetime every call asks identity', async () => {
    double.state.ttlSeconds = 0;
    gateway = await start();
    for (let i = 0; i < 3; i++) await call('/v1/music/cursor?take=1', bearer(VALID));
    expect(double.state.verifyCalls).toBe(3);
  });

  it('records usage per key and endpoint template, with status and duration, in batches', async () => {
    gateway = await start();
    await call('/v1/music/cursor?take=1&id=abc', bearer(VALID));
    await call('/v1/music/offset?take=1&skip=0', bearer(VALID));
    await call('/v1/music/offset?take=1&skip=1', bearer(VALID));
    await call('/v1/music/offset?take=1&skip=0', bearer(EXPIRED)); // refused keys are not anybody's usage
    await eventually(() => expect(double.state.batches.flatMap((b) => b.records)).toHaveLength(3));
    const records = double.state.batches.flatMap((b) => b.records);
    expect(records.map((r) => r.endpoint).sort()).toEqual(['GET /v1/music/cursor', 'GET /v1/music/offset', 'GET /v1/music/offset']);
    for (const r of records) {
      expect(r).toMatchObject({ keyId: 'key-valid', statusCode: 200 });
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(r.occurredAt))).toBe(false);
    }
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
