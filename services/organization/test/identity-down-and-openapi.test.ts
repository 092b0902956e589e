import { createHqStore, email, onboardHq, rows, startHarness, unique, type Harness, type OnboardedHq } from './support/harness';

let h: Harness;
let hq: OnboardedHq;
let storeId: string;
beforeAll(async () => {
  h = await startHarness();
  hq = await onboardHq(h);
  storeId = (await createHqStore(h, hq)).store.id;
});
afterAll(async () => {
  await h?.stop();
});

describe('GET /openapi.json', () => {
  it('documents every route of the service with the paths chosen where the spec shows none', async () => {
    const res = await h.api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/hq',
        '/api/v1/admin/hq/admin-list',
        '/api/v1/admin/hq/{id}',
        '/api/v1/admin/hq/{id}/activate',
        '/api/v1/admin/hq/{id}/suspend',
        '/api/v1/admin/hq/{id}/reactivate',
        '/api/v1/admin/hq/{id}/mark-unpaid',
        '/api/v1/admin/hq/{id}/mark-paid',
        '/api/v1/admin/hq/{hqId}/stores',
        '/api/v1/admin/stores/independent',
        '/api/v1/admin/stores/admin-list',
        '/api/v1/admin/stores/{id}',
        '/api/v1/admin/stores/{storeId}/suspend',
        '/api/v1/admin/stores/{storeId}/reactivate',
        '/api/v1/admin/stores/{storeId}/close',
        '/api/v1/admin/stores/{storeId}/managers',
        '/api/v1/hq/me',
        '/api/v1/hq/me/ducking',
        '/api/v1/hq/stores',
        '/api/v1/hq/stores/bulk',
        '/api/v1/hq/stores/bulk/template',
        '/api/v1/hq/stores/{id}',
        '/api/v1/hq/stores/{id}/commercial-cycle',
        '/api/v1/hq/stores/{id}/ducking',
        '/api/v1/hq/stores/{id}/region',
        '/api/v1/hq/stores/{storeId}/managers',
        '/api/v1/store/me',
        '/api/v1/store/devices',
        '/api/v1/store/devices/{deviceId}',
        '/api/v1/store/devices/{deviceId}/playlist',
      ]),
    );
    expect(Object.keys(res.body.paths['/api/v1/admin/hq/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    expect(Object.keys(res.body.paths['/api/v1/admin/stores/{storeId}'])).toEqual(['delete']);
    expect(Object.keys(res.body.paths['/api/v1/store/me'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(Object.keys(res.body.paths['/api/v1/store/devices/{deviceId}/playlist'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(res.body.components.schemas.Region.enum.filter((v: unknown) => v !== null)).toHaveLength(17);
  });

  it('names every operation with its own camelCase operationId and documents path ids as UUIDs', async () => {
    const res = await h.api('GET', '/openapi.json');
    const operations = Object.values(res.body.paths as Record<string, Record<string, { operationId?: string; parameters?: Array<{ in: string; schema: { format?: string } }> }>>).flatMap((p) => Object.values(p));
    const ids = operations.map((o) => o.operationId);
    expect(ids.filter((id) => !/^[a-z]+[A-Z][A-Za-z]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const pathParams = operations.flatMap((o) => (o.parameters ?? []).filter((p) => p.in === 'path'));
    expect(pathParams.length).toBeGreaterThan(0);
    expect(pathParams.filter((p) => p.schema.format !== 'uuid')).toEqual([]);
  });

  it('an unmapped path answers 404 NOT_FOUND', async () => {
    const res = await h.api('GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('hostile input', () => {
  it('NUL bytes, lone surrogates, very long strings and wrong types answer a documented 400, never 500', async () => {
    const cases: Array<[string, string, string, unknown]> = [
      ['POST', '/api/v1/hq/stores', hq.token, { name: 'a\u0000b' }],
      ['POST', '/api/v1/hq/stores', hq.token, { name: 'a\ud800b', address: 'x'.repeat(100_000) }],
      ['GET', '/api/v1/hq/stores?q=%00', hq.token, undefined],
      ['GET', `/api/v1/admin/stores/admin-list?q=${'x'.repeat(5000)}&status=ACTIVE&status=SUSPENDED`, h.operatorToken, undefined],
      ['PATCH', `/api/v1/hq/stores/${storeId}`, hq.token, { name: 42, managerEmail: ['a@b.co'] }],
      ['PATCH', '/api/v1/hq/me/ducking', hq.token, { duckEnabled: 'yes', duckVolumePercent: '1e400', duckFadeMs: null }],
      ['POST', '/api/v1/admin/hq', h.operatorToken, { hq: { name: 'n\u0000', plan: 'AI', billingAnchorDay: 1, llmMaxPerHour: 1 }, manager: 'nobody' }],
      ['POST', `/api/v1/admin/stores/${storeId}/suspend`, h.operatorToken, { reason: '\ud800' }],
    ];
    for (const [method, path, token, body] of cases) {
      const res = await h.api(method, path, { token, body });
      expect({ method, path: path.slice(0, 60), status: res.status }).toEqual({ method, path: path.slice(0, 60), status: 400 });
    }
  });
});

describe('when identity is unreachable', () => {
  beforeAll(async () => {
    await h.identity.stop();
  });

  it('creating a store with a manager email answers 503 SERVICE_UNAVAILABLE and creates nothing', async () => {
    const name = unique('down');
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name, managerEmail: email('down') } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await rows(h, 'select 1 from stores where name = $1', [name])).toHaveLength(0);
  });

  it('a store without a manager email is still created (no identity call needed)', async () => {
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: unique('no-mail') } });
    expect(res.status).toBe(201);
  });

  it('reads that need identity answer 503 SERVICE_UNAVAILABLE, never a bare 500; others keep working', async () => {
    expect((await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token })).body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await h.api('GET', `/api/v1/admin/hq/${hq.hqId}`, { token: h.operatorToken })).status).toBe(503);
    expect((await h.api('GET', '/api/v1/hq/stores', { token: hq.token })).status).toBe(200);
    expect((await h.api('GET', '/api/v1/hq/me', { token: hq.token })).status).toBe(200);
  });
});
