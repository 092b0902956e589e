import { api, type RunningSystem, startSystem } from './system';

/**
 * Issue 9 through the real gateway and services: hostile input never becomes a 500, publishing a
 * legal document of 200,000 escaped characters passes the gateway, and impersonated sessions take
 * no manager account action (identity refuses the forwarded caller, decision 0008).
 */
describe('hardening, end to end through the gateway', () => {
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let hqId: string;
  let hqToken: string;
  let storeId: string;
  const manager = { email: 'choi.hq@e2e.storecast.test', name: 'Choi HQ', password: 'Own-password-9' };

  /** A JSON body written by hand, so it can hold escapes JSON.stringify would not write (a lone surrogate). */
  const raw = async (method: string, path: string, json: string, token?: string) => {
    const res = await fetch(`${system.gatewayUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: json,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  /** The error names the field: in details, fields or (domain codes) the message. */
  const namesField = (error: { details?: Array<{ field: string }>; fields?: Record<string, string>; message: string }, field: string) =>
    Boolean(error.details?.some((d) => d.field === field) || (error.fields && field in error.fields) || error.message.startsWith(`${field} `));

  beforeAll(async () => {
    system = await startSystem();
    client = api(system.gatewayUrl);
    const op = await client.post('/api/v1/auth/login', system.operator);
    operatorToken = op.body.accessToken;
    const onboard = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Tea Chain', plan: 'AI', billingAnchorDay: 1, llmMaxPerHour: 2 }, manager: { email: manager.email, tempPassword: 'Temp-pass-999', name: manager.name } },
      { token: operatorToken },
    );
    expect(onboard.status).toBe(201);
    hqId = onboard.body.hqId;
    const first = await client.post('/api/v1/auth/login', { email: manager.email, password: 'Temp-pass-999' });
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: 'Temp-pass-999', newPassword: manager.password }, { token: first.body.accessToken });
    expect(changed.status).toBe(200);
    hqToken = changed.body.accessToken;
    const store = await client.post('/api/v1/hq/stores', { name: 'Tea Chain Gangnam' }, { token: hqToken });
    expect(store.status).toBe(201);
    storeId = store.body.store.id;
  });
  afterAll(async () => system?.stop());

  describe('NUL characters and lone surrogates answer 400 naming the field, never 500', () => {
    it('POST /api/v1/api-access/sign-up (no sign-in) with a NUL in organizationName', async () => {
      const res = await client.post('/api/v1/api-access/sign-up', { organizationName: 'a\u0000b', contactName: 'Kim', contactEmail: 'kim@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'organizationName' })]);
    });

    it('POST /api/v1/api-access/sign-up with a lone surrogate in contactName', async () => {
      const res = await raw('POST', '/api/v1/api-access/sign-up', '{"organizationName":"Org","contactName":"K\\ud800m","contactEmail":"kim@example.com"}');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'contactName' })]);
    });

    it('GET /api/v1/admin/operators?q=a%00b', async () => {
      const res = await client.get('/api/v1/admin/operators?q=a%00b', { token: operatorToken });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'q' })]);
    });

    it('GET /api/v1/hq/stores?q=a%00b', async () => {
      const res = await client.get('/api/v1/hq/stores?q=a%00b', { token: hqToken });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'q' })]);
    });

    it.each([
      ['a NUL', '{"name":"Tea\\u0000Chain"}'],
      ['a lone surrogate', '{"name":"Tea\\udc00Chain"}'],
    ])('PATCH /api/v1/hq/stores/{id} with %s in the name; the store is unchanged', async (_what, json) => {
      const res = await raw('PATCH', `/api/v1/hq/stores/${storeId}`, json, hqToken);
      expect(res.status).toBe(400);
      expect(namesField(res.body.error, 'name')).toBe(true);
      const detail = await client.get(`/api/v1/hq/stores/${storeId}`, { token: hqToken });
      expect(detail.body.name).toBe('Tea Chain Gangnam');
    });
  });

  it('publishing terms of 200,000 characters written as \\uXXXX escapes (1.2 MB of JSON) passes the gateway and is stored whole', async () => {
    const json = `{"version":"escaped-1","content":"${'\\uc57d'.repeat(200_000)}"}`;
    expect(Buffer.byteLength(json)).toBeGreaterThan(1024 * 1024);
    const res = await raw('POST', '/api/v1/admin/terms', json, operatorToken);
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('약'.repeat(200_000));
  });

  describe('an impersonated session takes no manager account action (spec 02)', () => {
    let impersonated: string;

    beforeAll(async () => {
      const issue = await client.post(`/api/v1/admin/hq/${hqId}/impersonate`, undefined, { token: operatorToken });
      expect(issue.status).toBe(200);
      const exchange = await client.post('/api/v1/auth/impersonate-exchange', { exchangeToken: issue.body.exchangeToken });
      expect(exchange.status).toBe(200);
      impersonated = exchange.body.accessToken;
    });

    it('issuing a store manager through organization answers 403 IMPERSONATION_FORBIDDEN_ACTION and creates no account', async () => {
      const email = 'imp.store@e2e.storecast.test';
      const res = await client.post(`/api/v1/hq/stores/${storeId}/managers`, { email, name: 'Imp' }, { token: impersonated });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
      // The real HQ manager can still issue one for that email: nothing was half-created.
      const real = await client.post(`/api/v1/hq/stores/${storeId}/managers`, { email, name: 'Real' }, { token: hqToken });
      expect(real.status).toBe(200);
    });

    it('creating a store with a manager email answers 403 IMPERSONATION_FORBIDDEN_ACTION and leaves no store', async () => {
      const res = await client.post('/api/v1/hq/stores', { name: 'Impersonated Branch', managerEmail: 'imp.branch@e2e.storecast.test' }, { token: impersonated });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
      const list = await client.get('/api/v1/hq/stores?q=Impersonated', { token: hqToken });
      expect(list.body.items).toEqual([]);
    });
  });
});
