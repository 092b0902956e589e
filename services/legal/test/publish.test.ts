import amqp from 'amqplib';
import jwt from 'jsonwebtoken';
import { createTestKeys, eventually } from '@storecast/service-kit/testing';
import { JWT_AUDIENCE, JWT_ISSUER, newId } from '@storecast/service-kit';
import { minutes, startHarness, T0, type Harness } from './harness';

describe('publishing terms and privacy policy', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  beforeEach(async () => {
    await h.sql('truncate legal_documents, consent_records, audit_records, outbox cascade');
    h.clock.set(T0);
  });

  const post = (kind: 'terms' | 'privacy-policy', body: unknown, token = h.operatorToken()) =>
    h.api('POST', `/api/v1/admin/${kind}`, { token, body });

  it('without effectiveAt, publishing answers 200 with an ACTIVE document in effect from now', async () => {
    const res = await post('terms', { version: 'v1', content: '# Terms v1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      version: 'v1',
      content: '# Terms v1',
      publishedAt: T0.toISOString(),
      effectiveAt: T0.toISOString(),
      status: 'ACTIVE',
    });
    const rows = await h.sql('select kind, version, status, effective_at from legal_documents');
    expect(rows).toEqual([{ kind: 'TERMS', version: 'v1', status: 'ACTIVE', effective_at: T0 }]);
  });

  it('an effectiveAt within 60 s of now, in the past or the future, publishes ACTIVE in effect from now', async () => {
    const past = await post('terms', { version: 'past', content: 'x', effectiveAt: new Date(T0.getTime() - 59_000).toISOString() });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ status: 'ACTIVE', effectiveAt: T0.toISOString() });
    h.clock.advance(1000);
    const future = await post('terms', { version: 'future', content: 'x', effectiveAt: new Date(T0.getTime() + 60_000).toISOString() });
    expect(future.status).toBe(200);
    expect(future.body).toMatchObject({ status: 'ACTIVE', effectiveAt: new Date(T0.getTime() + 1000).toISOString() });
  });

  it('an effectiveAt with a timezone offset is accepted and answered in UTC with Z', async () => {
    const res = await post('terms', { version: 'kst', content: 'x', effectiveAt: '2026-05-02T12:00:00.000+09:00' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SCHEDULED', effectiveAt: '2026-05-02T03:00:00.000Z' });
  });

  it('publishing a new version makes the previous current one SUPERSEDED', async () => {
    await h.publish('terms', 'v1');
    h.clock.advance(minutes(1));
    const v2 = await h.publish('terms', 'v2');
    expect(v2.status).toBe('ACTIVE');
    const rows = await h.sql('select version, status from legal_documents order by version');
    expect(rows).toEqual([
      { version: 'v1', status: 'SUPERSEDED' },
      { version: 'v2', status: 'ACTIVE' },
    ]);
  });

  it('an effectiveAt more than 60 s ahead publishes SCHEDULED and leaves the current document ACTIVE', async () => {
    await h.publish('terms', 'v1');
    const at = new Date(T0.getTime() + minutes(10));
    const res = await post('terms', { version: 'v2', content: 'next', effectiveAt: at.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 'v2', status: 'SCHEDULED', effectiveAt: at.toISOString(), publishedAt: T0.toISOString() });
    const rows = await h.sql('select version, status from legal_documents order by version');
    expect(rows).toEqual([
      { version: 'v1', status: 'ACTIVE' },
      { version: 'v2', status: 'SCHEDULED' },
    ]);
    expect((await h.api('GET', '/api/v1/terms/active')).body.version).toBe('v1');
  });

  it('an effectiveAt more than 60 s in the past answers 400 LEGAL_DOC_INVALID_EFFECTIVE_AT and stores nothing', async () => {
    const res = await post('privacy-policy', { version: 'old', content: 'x', effectiveAt: new Date(T0.getTime() - 61_000).toISOString() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'LEGAL_DOC_INVALID_EFFECTIVE_AT' }) });
    expect(await h.sql('select id from legal_documents')).toEqual([]);
    expect(await h.sql('select id from outbox')).toEqual([]);
    expect(await h.sql('select id from audit_records')).toEqual([]);
  });

  it('an effectiveAt at the last millisecond of year 9999 (UTC) publishes SCHEDULED', async () => {
    const res = await post('terms', { version: 'v-far', content: 'far', effectiveAt: '9999-12-31T23:59:59.999Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 'v-far', status: 'SCHEDULED', effectiveAt: '9999-12-31T23:59:59.999Z' });
  });

  it('a version already published for the kind answers 409 LEGAL_DOC_DUPLICATE_VERSION, and the first stays untouched', async () => {
    await h.publish('terms', 'v1');
    const res = await post('terms', { version: 'v1', content: 'again' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LEGAL_DOC_DUPLICATE_VERSION');
    expect(await h.sql("select content, status from legal_documents where kind = 'TERMS'")).toEqual([{ content: '# terms v1', status: 'ACTIVE' }]);
  });

  it('a scheduled version also blocks its version number', async () => {
    await h.publish('terms', 'v9', new Date(T0.getTime() + minutes(60)));
    const res = await post('terms', { version: 'v9', content: 'again' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LEGAL_DOC_DUPLICATE_VERSION');
  });

  it('the same version may exist once per kind: terms v1 and privacy policy v1 are independent', async () => {
    await h.publish('terms', 'v1');
    const res = await post('privacy-policy', { version: 'v1', content: 'privacy' });
    expect(res.status).toBe(200);
    expect(await h.sql('select kind, status from legal_documents order by kind')).toEqual([
      { kind: 'PRIVACY_POLICY', status: 'ACTIVE' },
      { kind: 'TERMS', status: 'ACTIVE' },
    ]);
  });

  it('accepts a 32-character version and 200000 characters of content', async () => {
    const res = await post('terms', { version: 'v'.repeat(32), content: '가'.repeat(200_000) });
    expect(res.status).toBe(200);
    expect(res.body.content).toHaveLength(200_000);
  });

  it('accepts 200000 characters written as \\uXXXX escapes (1.2 MB of JSON), as many JSON encoders write them', async () => {
    const body = `{"version":"v-escaped","content":"${'\\uac00'.repeat(200_000)}"}`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const res = await fetch(`${h.legal.httpUrl}/api/v1/admin/terms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.operatorToken()}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { content: string }).content).toBe('가'.repeat(200_000));
  });

  describe('validation answers 400 VALIDATION_FAILED with details per field', () => {
    const cases: Array<[string, unknown, string]> = [
      ['a missing version', { content: 'x' }, 'version'],
      ['a blank version', { version: '   ', content: 'x' }, 'version'],
      ['a 33-character version', { version: 'v'.repeat(33), content: 'x' }, 'version'],
      ['missing content', { version: 'v1' }, 'content'],
      ['empty content', { version: 'v1', content: '' }, 'content'],
      ['content over 200000 characters', { version: 'v1', content: 'x'.repeat(200_001) }, 'content'],
      ['an effectiveAt that is not a date-time', { version: 'v1', content: 'x', effectiveAt: 'tomorrow' }, 'effectiveAt'],
      ['an effectiveAt without a timezone', { version: 'v1', content: 'x', effectiveAt: '2026-05-02T00:00:00' }, 'effectiveAt'],
      ['an effectiveAt whose offset puts it in year 10000 UTC', { version: 'v1', content: 'x', effectiveAt: '9999-12-31T23:59:59-09:00' }, 'effectiveAt'],
      ['a numeric version', { version: 1, content: 'x' }, 'version'],
    ];
    it.each(cases)('%s', async (_name, body, field) => {
      const res = await post('terms', body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, code: expect.any(String), message: expect.any(String) })]));
      expect(await h.sql('select id from legal_documents')).toEqual([]);
    });

    it('a body that is not JSON', async () => {
      const res = await h.api('POST', '/api/v1/admin/terms', { token: h.operatorToken(), raw: { contentType: 'application/json', data: '{"version":' } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toHaveLength(1);
    });

    it.each([
      ['a NUL byte in the version', { version: 'v\u00001', content: 'x' }, 'version'],
      ['a NUL byte in the content', { version: 'v1', content: 'terms\u0000more' }, 'content'],
      ['a lone surrogate in the version', { version: 'v\ud8001', content: 'x' }, 'version'],
      ['a lone surrogate in the content', { version: 'v1', content: 'x\udc00y' }, 'content'],
      ['an effectiveAt that is a number', { version: 'v1', content: 'x', effectiveAt: 1767225600000 }, 'effectiveAt'],
      ['content that is an object', { version: 'v1', content: { text: 'x' } }, 'content'],
    ])('hostile input: %s answers 400 VALIDATION_FAILED, never 500', async (_name, body, field) => {
      const res = await post('terms', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await h.sql('select id from legal_documents')).toEqual([]);
    });

    it('a body over the 2 MB limit answers 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await post('terms', { version: 'v1', content: 'x'.repeat(2 * 1024 * 1024 + 1) });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await h.sql('select id from legal_documents')).toEqual([]);
    });

    it('a JSON array instead of an object answers 400 VALIDATION_FAILED', async () => {
      const res = await post('terms', [{ version: 'v1', content: 'x' }]);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    });

    it('an explicit null effectiveAt means now', async () => {
      const res = await post('terms', { version: 'v1', content: 'x', effectiveAt: null });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ACTIVE');
    });
  });

  it('publishing writes legal.document.published into the outbox in the same transaction', async () => {
    const active = await h.publish('terms', 'v1');
    const scheduledAt = new Date(T0.getTime() + minutes(30));
    await h.publish('privacy-policy', 'p2', scheduledAt);
    const events = await h.sql("select routing_key, payload from outbox order by created_at, id");
    expect(events.map((e) => e.routing_key)).toEqual(['legal.document.published', 'legal.document.published']);
    expect(events.map((e) => e.payload)).toEqual([
      { id: expect.any(String), type: 'legal.document.published', occurredAt: T0.toISOString(), data: { kind: 'TERMS', version: 'v1', effectiveAt: active.effectiveAt } },
      { id: expect.any(String), type: 'legal.document.published', occurredAt: T0.toISOString(), data: { kind: 'PRIVACY_POLICY', version: 'p2', effectiveAt: scheduledAt.toISOString() } },
    ]);
  });

  it('the relay delivers the published event to the topic exchange when the publish commits, without waiting for a poll', async () => {
    const connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
    try {
      const channel = await connection.createChannel();
      await channel.assertExchange(h.exchange, 'topic', { durable: true });
      const { queue } = await channel.assertQueue('', { exclusive: true });
      await channel.bindQueue(queue, h.exchange, 'legal.#');
      const received: Array<{ routingKey: string; body: unknown }> = [];
      await channel.consume(queue, (m) => {
        if (m) received.push({ routingKey: m.fields.routingKey, body: JSON.parse(m.content.toString()) });
      }, { noAck: true });
      await h.publish('terms', 'relayed');
      await eventually(() => expect(received).toEqual([{ routingKey: 'legal.document.published', body: expect.objectContaining({ data: expect.objectContaining({ version: 'relayed' }) }) }]));
      await eventually(async () => expect(await h.sql('select id from outbox where published_at is null')).toEqual([]));
    } finally {
      await connection.close();
    }
  });

  it('publishing writes an audit row with the operator from the token', async () => {
    const operatorId = newId();
    const doc = (await post('privacy-policy', { version: 'p1', content: 'x' }, h.sign({ sub: operatorId, role: 'OPERATOR' }))).body;
    expect(await h.sql('select action, target_type, target_id, target_label, actor_account_id, actor_role, impersonated_by, detail from audit_records')).toEqual([
      {
        action: 'PRIVACY_POLICY_PUBLISHED',
        target_type: 'LEGAL_DOCUMENT',
        target_id: doc.id,
        target_label: 'p1',
        actor_account_id: operatorId,
        actor_role: 'OPERATOR',
        impersonated_by: null,
        detail: { kind: 'PRIVACY_POLICY', version: 'p1', status: 'ACTIVE', effectiveAt: T0.toISOString() },
      },
    ]);
  });

  describe('only operators publish', () => {
    it('without a token answers 401 AUTH_TOKEN_INVALID', async () => {
      const res = await h.api('POST', '/api/v1/admin/terms', { body: { version: 'v1', content: 'x' } });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_TOKEN_INVALID');
    });

    it('a token signed by another key answers 401 AUTH_TOKEN_INVALID', async () => {
      // Claims, kid, issuer and audience as identity issues them, signed by a key the service does not trust.
      const forged = jwt.sign({ role: 'OPERATOR', passwordMustChange: false }, createTestKeys().privateKeyPem, {
        algorithm: 'RS256',
        keyid: 'test-key',
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        subject: newId(),
        expiresIn: 600,
      });
      const res = await post('terms', { version: 'v1', content: 'x' }, forged);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_TOKEN_INVALID');
    });

    it('an HQ manager answers 403 FORBIDDEN and nothing is stored', async () => {
      const res = await post('terms', { version: 'v1', content: 'x' }, h.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: newId() }));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(await h.sql('select id from legal_documents')).toEqual([]);
    });

    it('an operator who must change the password answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
      const res = await post('terms', { version: 'v1', content: 'x' }, h.sign({ sub: newId(), role: 'OPERATOR', passwordMustChange: true }));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    });
  });
});
