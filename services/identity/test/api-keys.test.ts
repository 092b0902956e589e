import { hashToken, newId, unary, grpc, type AppError } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { identityProto } from '@storecast/proto';
import { OPERATOR, startHarness, type Harness } from './support/harness';

type ApiKeyClient = grpc.Client & {
  verifyApiKey: grpc.Client['makeUnaryRequest'];
  recordApiUsage: grpc.Client['makeUnaryRequest'];
};

describe('public API access: sign-up, approval, keys, verification, usage', () => {
  let h: Harness;
  let op: { accessToken: string; accountId: string };
  let client: ApiKeyClient;

  beforeAll(async () => {
    h = await startHarness();
    op = await h.signIn(OPERATOR.email, OPERATOR.password);
    client = new (identityProto().ApiKeyService)(`127.0.0.1:${h.service.grpcPort}`, grpc.credentials.createInsecure()) as unknown as ApiKeyClient;
  });
  afterAll(async () => {
    client?.close();
    await h?.stop();
  });

  const verify = (apiKey: string) =>
    unary((client as unknown as { verifyApiKey: Parameters<typeof unary>[0] }).verifyApiKey.bind(client), { apiKey }) as Promise<{
      valid: boolean;
      verdict: string;
      keyId?: string;
      clientId?: string;
      expiresAt?: string;
      cacheTtlSeconds: number;
    }>;
  const record = (batchId: string, records: unknown[]) =>
    unary((client as unknown as { recordApiUsage: Parameters<typeof unary>[0] }).recordApiUsage.bind(client), { batchId, records }) as Promise<{ accepted: number; duplicateBatch: boolean }>;

  const signUp = async () => {
    const res = await h.http.post('/api/v1/api-access/sign-up', { organizationName: 'Music Labs', contactName: 'Jane Doe', contactEmail: 'Jane@MusicLabs.example', purpose: 'In-store displays' });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const approvedClient = async () => {
    const c = await signUp();
    expect((await h.http.post(`/api/v1/admin/api-clients/${c.id}/approve`, undefined, { token: op.accessToken })).status).toBe(200);
    return c;
  };
  const issueKey = async (clientId: string, body: unknown = {}) => {
    const res = await h.http.post(`/api/v1/admin/api-clients/${clientId}/keys`, body, { token: op.accessToken });
    expect(res.status).toBe(201);
    return res.body as { id: string; apiKey: string; prefix: string; expiresAt: string };
  };

  describe('sign-up and decision', () => {
    it('a public sign-up is PENDING; the operator lists and approves it (audited)', async () => {
      const res = await h.http.post('/api/v1/api-access/sign-up', { organizationName: 'Radio Co', contactName: 'Kim', contactEmail: 'KIM@radio.example' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ organizationName: 'Radio Co', contactEmail: 'kim@radio.example', status: 'PENDING', purpose: null, decidedAt: null });
      const list = await h.http.get('/api/v1/admin/api-clients?status=PENDING&q=radio', { token: op.accessToken });
      expect(list.body).toMatchObject({ total: 1, items: [expect.objectContaining({ id: res.body.id })] });
      const approved = await h.http.post(`/api/v1/admin/api-clients/${res.body.id}/approve`, undefined, { token: op.accessToken });
      expect(approved.body).toMatchObject({ status: 'APPROVED', decidedAt: h.clock.now().toISOString() });
      expect(await h.auditActions(res.body.id)).toEqual(['API_CLIENT_APPROVED']);
    });

    it('a rejection needs a reason; a decided sign-up cannot be decided again (409)', async () => {
      const c = await signUp();
      expect((await h.http.post(`/api/v1/admin/api-clients/${c.id}/reject`, {}, { token: op.accessToken })).status).toBe(400);
      const rejected = await h.http.post(`/api/v1/admin/api-clients/${c.id}/reject`, { reason: 'Unknown organization' }, { token: op.accessToken });
      expect(rejected.body).toMatchObject({ status: 'REJECTED', decisionReason: 'Unknown organization' });
      const again = await h.http.post(`/api/v1/admin/api-clients/${c.id}/approve`, undefined, { token: op.accessToken });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('API_CLIENT_INVALID_STATUS_TRANSITION');
    });

    it('keys are issued to approved clients only (409 API_CLIENT_NOT_APPROVED); unknown client 404', async () => {
      const c = await signUp();
      const res = await h.http.post(`/api/v1/admin/api-clients/${c.id}/keys`, {}, { token: op.accessToken });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('API_CLIENT_NOT_APPROVED');
      expect((await h.http.post(`/api/v1/admin/api-clients/${newId()}/keys`, {}, { token: op.accessToken })).body.error.code).toBe('API_CLIENT_NOT_FOUND');
    });

    it('sign-up validates its fields (400 VALIDATION_FAILED)', async () => {
      const res = await h.http.post('/api/v1/api-access/sign-up', { organizationName: '', contactEmail: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['contactEmail', 'contactName', 'organizationName']);
    });
  });

  describe('keys', () => {
    it('are shown once in the format sc_live_<8>_<40>, stored as SHA-256, listed without secrets', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      expect(key.apiKey).toMatch(/^sc_live_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
      expect(key.apiKey.startsWith(`sc_live_${key.prefix}_`)).toBe(true);
      expect(new Date(key.expiresAt).getTime()).toBe(h.clock.now().getTime() + 365 * 86_400_000);
      const rows = await h.service.context.db.query.apiKeys.findMany();
      const row = rows.find((r) => r.id === key.id)!;
      expect(row.keyHash).toBe(hashToken(key.apiKey));
      expect(JSON.stringify(rows)).not.toContain(key.apiKey);
      const detail = await h.http.get(`/api/v1/admin/api-clients/${c.id}`, { token: op.accessToken });
      expect(detail.body.keys).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix, status: 'ACTIVE' })]);
      expect(JSON.stringify(detail.body)).not.toContain(key.apiKey);
      expect(await h.auditActions(key.id)).toEqual(['API_KEY_ISSUED']);
    });

    it('verify: VALID for the key, with its ids and the cache lifetime the gateway may use', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id, { expiresInDays: 30 });
      expect(await verify(key.apiKey)).toMatchObject({ valid: true, verdict: 'VALID', keyId: key.id, clientId: c.id, expiresAt: key.expiresAt, cacheTtlSeconds: 30 });
    });

    it('verify: MALFORMED for another shape, UNKNOWN for an unknown prefix or a wrong secret', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      expect(await verify('Bearer nonsense')).toMatchObject({ valid: false, verdict: 'MALFORMED' });
      expect(await verify('')).toMatchObject({ valid: false, verdict: 'MALFORMED' });
      expect(await verify(`sc_live_zzzzzzzz_${'A'.repeat(40)}`)).toMatchObject({ valid: false, verdict: 'UNKNOWN' });
      const wrongSecret = `sc_live_${key.prefix}_${'B'.repeat(40)}`;
      const unknown = await verify(wrongSecret);
      expect(unknown).toMatchObject({ valid: false, verdict: 'UNKNOWN', cacheTtlSeconds: 30 });
      expect(unknown.keyId).toBeUndefined();
    });

    it('a revoked key is refused (REVOKED); revoking again is a no-op 204', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      expect((await h.http.delete(`/api/v1/admin/api-clients/${c.id}/keys/${key.id}`, { token: op.accessToken })).status).toBe(204);
      expect(await verify(key.apiKey)).toMatchObject({ valid: false, verdict: 'REVOKED' });
      expect((await h.http.delete(`/api/v1/admin/api-clients/${c.id}/keys/${key.id}`, { token: op.accessToken })).status).toBe(204);
      expect(await h.auditActions(key.id)).toEqual(['API_KEY_ISSUED', 'API_KEY_REVOKED']);
      const detail = await h.http.get(`/api/v1/admin/api-clients/${c.id}`, { token: op.accessToken });
      expect(detail.body.keys[0]).toMatchObject({ status: 'REVOKED', revokedAt: expect.any(String) });
    });

    it('an expired key is refused (EXPIRED)', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id, { expiresInDays: 1 });
      h.clock.advance(86_400_000);
      expect(await verify(key.apiKey)).toMatchObject({ valid: false, verdict: 'EXPIRED' });
      const detail = await h.http.get(`/api/v1/admin/api-clients/${c.id}`, { token: op.accessToken });
      expect(detail.body.keys[0].status).toBe('EXPIRED');
    });

    it('rotation issues a new key and revokes the old one at once; a revoked key cannot be rotated', async () => {
      const c = await approvedClient();
      const old = await issueKey(c.id);
      const rotated = await h.http.post(`/api/v1/admin/api-clients/${c.id}/keys/${old.id}/rotate`, {}, { token: op.accessToken });
      expect(rotated.status).toBe(201);
      expect(rotated.body.apiKey).not.toBe(old.apiKey);
      expect(await verify(rotated.body.apiKey)).toMatchObject({ valid: true, clientId: c.id });
      expect(await verify(old.apiKey)).toMatchObject({ valid: false, verdict: 'REVOKED' });
      const again = await h.http.post(`/api/v1/admin/api-clients/${c.id}/keys/${old.id}/rotate`, {}, { token: op.accessToken });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('API_KEY_REVOKED');
      const detail = await h.http.get(`/api/v1/admin/api-clients/${c.id}`, { token: op.accessToken });
      expect(detail.body.keys.find((k: { id: string }) => k.id === rotated.body.id)).toMatchObject({ rotatedFromKeyId: old.id });
    });

    it('unknown key ids, or a key of another client, answer 404 API_KEY_NOT_FOUND', async () => {
      const c = await approvedClient();
      const other = await approvedClient();
      const key = await issueKey(other.id);
      expect((await h.http.delete(`/api/v1/admin/api-clients/${c.id}/keys/${newId()}`, { token: op.accessToken })).body.error.code).toBe('API_KEY_NOT_FOUND');
      expect((await h.http.delete(`/api/v1/admin/api-clients/${c.id}/keys/${key.id}`, { token: op.accessToken })).body.error.code).toBe('API_KEY_NOT_FOUND');
      expect((await h.http.post(`/api/v1/admin/api-clients/${c.id}/keys/${key.id}/rotate`, {}, { token: op.accessToken })).body.error.code).toBe('API_KEY_NOT_FOUND');
      expect(await verify(key.apiKey)).toMatchObject({ valid: true });
    });
  });

  describe('usage statistics', () => {
    // Two days before the test clock's day, at noon UTC (inside the retention window).
    const base = () => {
      const d = h.clock.now();
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - 2, 12);
    };
    const at = (ms: number) => new Date(base() + ms).toISOString();
    const day = (offsetDays: number) => new Date(base() + offsetDays * 86_400_000).toISOString().slice(0, 10);

    it('the gateway records batches; stats per day, key and endpoint: calls, success rate, average and p95', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      const durations = Array.from({ length: 20 }, (_, i) => (i + 1) * 10); // 10..200 ms
      const records = durations.map((d, i) => ({ keyId: key.id, endpoint: 'GET /v1/music/cursor', statusCode: i < 18 ? 200 : 400, durationMs: d, occurredAt: at(i * 1000) }));
      records.push({ keyId: key.id, endpoint: 'POST /api/music/search/text', statusCode: 200, durationMs: 50, occurredAt: at(86_400_000) });
      records.push({ keyId: newId(), endpoint: 'GET /v1/music/cursor', statusCode: 200, durationMs: 5, occurredAt: at(0) });
      const batchId = newId();
      expect(await record(batchId, records)).toEqual({ accepted: 21, duplicateBatch: false });
      expect(await record(batchId, records)).toEqual({ accepted: 0, duplicateBatch: true });

      const res = await h.http.get(`/api/v1/admin/api-clients/${c.id}/usage?from=${day(0)}&to=${day(1)}`, { token: op.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        clientId: c.id,
        from: day(0),
        to: day(1),
        items: [
          { day: day(0), keyId: key.id, keyPrefix: key.prefix, endpoint: 'GET /v1/music/cursor', calls: 20, successCount: 18, successRate: 0.9, avgResponseMs: 105, p95ResponseMs: 190.5 },
          { day: day(1), keyId: key.id, keyPrefix: key.prefix, endpoint: 'POST /api/music/search/text', calls: 1, successCount: 1, successRate: 1, avgResponseMs: 50, p95ResponseMs: 50 },
        ],
      });
      const detail = await h.http.get(`/api/v1/admin/api-clients/${c.id}`, { token: op.accessToken });
      expect(detail.body.keys[0].lastUsedAt).toBe(at(86_400_000));
    });

    it('a batch with a NUL in its id or a record answers 400 VALIDATION_FAILED (INVALID_ARGUMENT) and stores nothing', async () => {
      const key = await issueKey((await approvedClient()).id);
      const record1 = { keyId: key.id, endpoint: 'GET /v1/music/cursor', statusCode: 200, durationMs: 5, occurredAt: at(0) };
      for (const [batchId, records] of [[`${newId()}\u0000`, [record1]], [newId(), [{ ...record1, endpoint: 'GET /v1/music\u0000' }]]] as const) {
        expect(await record(batchId, [...records]).catch((e: AppError) => e)).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
      }
      const stored = await h.service.runtime.database.pool.query('select count(*)::int as n from api_usage_calls where key_id = $1', [key.id]);
      expect(stored.rows).toEqual([{ n: 0 }]);
    });

    it('the key holder reads the usage of its own client with its key (X-API-Key or Bearer)', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      await record(newId(), [{ keyId: key.id, endpoint: 'GET /v1/music/offset', statusCode: 200, durationMs: 12, occurredAt: at(0) }]);
      const viaHeader = await h.http.get(`/api/v1/api-access/usage?from=${day(-1)}&to=${day(1)}`, { headers: { 'x-api-key': key.apiKey } });
      expect(viaHeader.status).toBe(200);
      expect(viaHeader.body).toMatchObject({ clientId: c.id, items: [expect.objectContaining({ endpoint: 'GET /v1/music/offset', calls: 1 })] });
      const viaBearer = await h.http.get(`/api/v1/api-access/usage?from=${day(-1)}&to=${day(1)}`, { headers: { authorization: `Bearer ${key.apiKey}` } });
      expect(viaBearer.body).toEqual(viaHeader.body);
      const self = await h.http.get('/api/v1/api-access/key', { headers: { 'x-api-key': key.apiKey } });
      expect(self.body).toEqual({ keyId: key.id, clientId: c.id, prefix: key.prefix, expiresAt: key.expiresAt });
    });

    it('the holder endpoints refuse a missing, malformed or revoked key with 401 API_KEY_INVALID', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      await h.http.delete(`/api/v1/admin/api-clients/${c.id}/keys/${key.id}`, { token: op.accessToken });
      for (const headers of [{}, { 'x-api-key': 'garbage' }, { 'x-api-key': key.apiKey }] as Array<Record<string, string>>) {
        const res = await h.http.get('/api/v1/api-access/usage', { headers });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('API_KEY_INVALID');
      }
    });

    it('rows older than the retention window (90 days) are purged when batches arrive', async () => {
      const c = await approvedClient();
      const key = await issueKey(c.id);
      const old = new Date(h.clock.now().getTime() - 100 * 86_400_000);
      const oldDay = old.toISOString().slice(0, 10);
      const read = async () => (await h.http.get(`/api/v1/admin/api-clients/${c.id}/usage?from=${oldDay}&to=${oldDay}`, { token: op.accessToken })).body.items;
      h.clock.advance(2 * 3_600_000); // past the hourly purge throttle
      // The purge that follows a batch's commit removes rows past retention, this batch's old row included.
      await record(newId(), [{ keyId: key.id, endpoint: 'GET /v1/music/query', statusCode: 200, durationMs: 7, occurredAt: old.toISOString() }]);
      await eventually(async () => expect(await read()).toEqual([]));
    });

    it('a malformed window answers 400 VALIDATION_FAILED; a batch with a bad record INVALID_ARGUMENT', async () => {
      const c = await approvedClient();
      expect((await h.http.get(`/api/v1/admin/api-clients/${c.id}/usage?from=2026-13-01`, { token: op.accessToken })).body.error.code).toBe('VALIDATION_FAILED');
      expect((await h.http.get(`/api/v1/admin/api-clients/${c.id}/usage?from=2026-03-10&to=2026-03-01`, { token: op.accessToken })).body.error.code).toBe('VALIDATION_FAILED');
      await expect(record(newId(), [{ keyId: 'x', endpoint: '', statusCode: 99, durationMs: -1, occurredAt: 'yesterday' }])).rejects.toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
    });

    it.each([
      ['a day its month does not have', 'to=2026-02-31', 'to'],
      ['a day of year 0, which PostgreSQL does not store', 'from=0000-12-31&to=0001-01-01', 'from'],
    ])('%s answers 400 VALIDATION_FAILED INVALID_DATE, not 500', async (_name, query, field) => {
      const c = await approvedClient();
      const res = await h.http.get(`/api/v1/admin/api-clients/${c.id}/usage?${query}`, { token: op.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, code: 'INVALID_DATE', message: 'Expected a calendar day YYYY-MM-DD, 0001-01-01 or later' }] });
    });

    it('a window ending on 0001-01-01 starts that day: the default 30 days do not reach before year 1', async () => {
      const c = await approvedClient();
      const res = await h.http.get(`/api/v1/admin/api-clients/${c.id}/usage?to=0001-01-01`, { token: op.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ clientId: c.id, from: '0001-01-01', to: '0001-01-01', items: [] });
    });
  });
});
