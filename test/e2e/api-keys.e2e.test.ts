import { ManualClock } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { api, type RunningSystem, startSystem } from './system';

const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

/**
 * Issue 3, public API keys end to end: sign-up, operator approval and key issuance at identity,
 * the gateway accepting the key on the catalog and search paths (spec 01 errors otherwise),
 * usage recorded per key and endpoint, and a revoked key refused within the cache lifetime.
 */
describe('public API keys through the gateway', () => {
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let clientId: string;
  let keyId: string;
  let apiKey: string;
  // Every process reads this clock: the test moves it past the verdict lifetime instead of waiting.
  const clock = new ManualClock();

  beforeAll(async () => {
    // A short verdict lifetime (1 s) and fast usage flushes keep the run quick.
    system = await startSystem({ env: { API_KEY_CACHE_TTL_SECONDS: '1', API_USAGE_FLUSH_MS: '200' }, clock });
    client = api(system.gatewayUrl);
    operatorToken = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken;
  });
  afterAll(async () => system?.stop());

  const catalog = (headers: Record<string, string>) => client.get('/v1/music/offset?take=10&skip=0', { headers });

  it('a developer signs up, the operator approves and issues a key shown once', async () => {
    const signUp = await client.post('/api/v1/api-access/sign-up', {
      organizationName: 'Playlist Lab',
      contactName: 'Jung',
      contactEmail: 'jung@lab.e2e.storecast.test',
      purpose: 'in-store screens',
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.status).toBe('PENDING');
    clientId = signUp.body.id;

    // A pending client gets no key.
    const early = await client.post(`/api/v1/admin/api-clients/${clientId}/keys`, {}, { token: operatorToken });
    expect(early.status).toBe(409);

    expect((await client.post(`/api/v1/admin/api-clients/${clientId}/approve`, undefined, { token: operatorToken })).status).toBe(200);
    const issued = await client.post(`/api/v1/admin/api-clients/${clientId}/keys`, {}, { token: operatorToken });
    expect(issued.status).toBe(201);
    expect(issued.body.apiKey).toMatch(/^sc_live_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
    apiKey = issued.body.apiKey;
    keyId = issued.body.id;
    const detail = await client.get(`/api/v1/admin/api-clients/${clientId}`, { token: operatorToken });
    expect(JSON.stringify(detail.body)).not.toContain(apiKey);
  });

  it('the catalog and search paths accept the key and pass the call on to catalog-search', async () => {
    // Accepted: catalog-search answers the public API (the catalog is empty in this scenario).
    const res = await catalog({ authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ musics: [], meta: { total_count: 0, total_pages: 0, current_page: 1, has_next_page: false, has_previous_page: false } });
    const search = await client.post('/api/music/search/text', { query_text: 'calm piano', limit: 5 }, { headers: { 'x-api-key': apiKey } });
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ results: [], total: 0 });
    // identity knows the key as its holder presents it.
    const own = await client.get('/api/v1/api-access/key', { headers: { 'x-api-key': apiKey } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ keyId, clientId });
  });

  it('answers missing, malformed and unknown keys with spec 01 errors', async () => {
    expect((await catalog({})).body).toEqual(legacy(401, 'Authorization undefined.'));
    expect((await catalog({ authorization: 'Bearer ' })).body).toEqual(legacy(400, 'Undefined API Key'));
    expect((await catalog({ authorization: 'Bearer not-a-key' })).body).toEqual(legacy(400, 'Malformed API Key'));
    const unknown = `sc_live_zzzzzzzz_${'A'.repeat(40)}`;
    expect((await catalog({ authorization: `Bearer ${unknown}` })).body).toEqual(legacy(400, 'Undefined API Key'));
    const search = await client.post('/api/music/search/text', { query_text: 'x', limit: 1 });
    expect(search.body).toEqual(legacy(400, 'Undefined API Key'));
    const malformed = await client.post('/api/music/search/text', { query_text: 'x', limit: 1 }, { headers: { 'x-api-key': 'sc_live_short' } });
    expect(malformed.body).toEqual(legacy(400, 'Malformed API Key'));
  });

  it('usage per endpoint is readable by the key holder and by the operator', async () => {
    // Each accepted call is counted; both answered 200, so both are successes.
    const expected = expect.arrayContaining([
      expect.objectContaining({ keyId, endpoint: 'GET /v1/music/offset', calls: 1, successRate: 1 }),
      expect.objectContaining({ keyId, endpoint: 'POST /api/music/search/text', calls: 1, successRate: 1 }),
    ]);
    await eventually(async () => {
      const own = await client.get('/api/v1/api-access/usage', { headers: { 'x-api-key': apiKey } });
      expect(own.status).toBe(200);
      expect(own.body.items).toEqual(expected);
    }, 10_000);
    const operator = await client.get(`/api/v1/admin/api-clients/${clientId}/usage`, { token: operatorToken });
    expect(operator.body.items).toEqual(expected);
  });

  it('a revoked key is refused once the cache lifetime (1 s here, 30 s by default) has passed', async () => {
    expect((await catalog({ authorization: `Bearer ${apiKey}` })).status).toBe(200); // accepted, verdict cached now
    const revoke = await client.delete(`/api/v1/admin/api-clients/${clientId}/keys/${keyId}`, { token: operatorToken });
    expect(revoke.status).toBe(204);
    // Within the lifetime the cached verdict still holds (the documented revocation delay) ...
    clock.advance(999);
    expect((await catalog({ authorization: `Bearer ${apiKey}` })).status).toBe(200);
    // ... once it has passed, the key is refused.
    clock.advance(1);
    expect((await catalog({ authorization: `Bearer ${apiKey}` })).body).toEqual(legacy(400, 'Undefined API Key'));
    const search = await client.post('/api/music/search/text', { query_text: 'x', limit: 1 }, { headers: { 'x-api-key': apiKey } });
    expect(search.body).toEqual(legacy(400, 'Undefined API Key'));
  });
});
