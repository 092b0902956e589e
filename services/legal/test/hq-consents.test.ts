import { newId } from '@storecast/service-kit';
import { deadAddress, minutes, startHarness, T0, type Harness } from './harness';

describe('GET /api/v1/admin/hq/{id}/consents', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  beforeEach(async () => {
    await h.sql('truncate legal_documents, consent_records, audit_records, outbox cascade');
    h.organization.reset();
    h.clock.set(T0);
  });

  const consentsOf = (hqId: string, token = h.operatorToken()) => h.api('GET', `/api/v1/admin/hq/${hqId}/consents`, { token });

  const agreeAs = async (kind: 'terms' | 'privacy', hqId: string, version: string, name: string, ip: string) => {
    const accountId = h.addAccount({ role: 'HQ_MANAGER', hqId, name });
    const res = await h.api('POST', `/api/v1/legal/${kind}/agree`, {
      token: h.sign({ sub: accountId, role: 'HQ_MANAGER', hqId }),
      body: { version },
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.status).toBe(204);
  };

  it('answers the HQ name and status from organization, both consent lists newest first and the re-agree flags', async () => {
    const hq = h.addHq('Acme Coffee', 'SUSPENDED');
    await h.publish('terms', 't1');
    await h.publish('privacy-policy', 'p1');
    await agreeAs('terms', hq.id, 't1', 'Kim', '10.0.0.1');
    h.clock.advance(minutes(1));
    await agreeAs('privacy', hq.id, 'p1', 'Kim', '10.0.0.1');
    h.clock.advance(minutes(1));
    await h.publish('terms', 't2');
    h.clock.advance(minutes(1));
    await agreeAs('terms', hq.id, 't2', 'Park', '10.0.0.2');
    h.clock.advance(minutes(1));
    await h.publish('privacy-policy', 'p2');

    const res = await consentsOf(hq.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hqId: hq.id,
      hqName: 'Acme Coffee',
      status: 'SUSPENDED',
      terms: [
        { documentVersion: 't2', agreedAt: new Date(T0.getTime() + minutes(3)).toISOString(), signerName: 'Park', agreedIp: '10.0.0.2' },
        { documentVersion: 't1', agreedAt: T0.toISOString(), signerName: 'Kim', agreedIp: '10.0.0.1' },
      ],
      privacy: [{ documentVersion: 'p1', agreedAt: new Date(T0.getTime() + minutes(1)).toISOString(), signerName: 'Kim', agreedIp: '10.0.0.1' }],
      termsReagreeRequired: false,
      privacyReagreeRequired: true,
    });
  });

  it('an HQ without consents answers empty lists, and re-agree flags follow what is published', async () => {
    const hq = h.addHq('Fresh HQ', 'ONBOARDING');
    expect((await consentsOf(hq.id)).body).toEqual({
      hqId: hq.id,
      hqName: 'Fresh HQ',
      status: 'ONBOARDING',
      terms: [],
      privacy: [],
      termsReagreeRequired: false,
      privacyReagreeRequired: false,
    });
    await h.publish('terms', 't1');
    expect((await consentsOf(hq.id)).body).toMatchObject({ termsReagreeRequired: true, privacyReagreeRequired: false });
  });

  it('lists only the HQ\'s own consents, not those of other HQs or of stores', async () => {
    const hq = h.addHq();
    const other = h.addHq();
    await h.publish('terms', 't1');
    await agreeAs('terms', other.id, 't1', 'Other', '10.0.0.9');
    const storeId = newId();
    const storeAccount = h.addAccount({ role: 'STORE_MANAGER', hqId: hq.id, storeId, name: 'Store' });
    await h.api('POST', '/api/v1/legal/terms/agree', { token: h.sign({ sub: storeAccount, role: 'STORE_MANAGER', hqId: hq.id, storeId }), body: { version: 't1' } });
    expect(await h.sql('select id from consent_records')).toHaveLength(2);
    expect((await consentsOf(hq.id)).body).toMatchObject({ terms: [], termsReagreeRequired: true });
  });

  it('an HQ organization does not know answers 404 HQ_NOT_FOUND', async () => {
    const res = await consentsOf(newId());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('HQ_NOT_FOUND');
  });

  it('an id that is not a UUID answers 400 VALIDATION_FAILED without asking organization', async () => {
    const res = await consentsOf('acme');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(h.organization.calls).toEqual([]);
  });

  it('when organization answers UNAVAILABLE, answers 503 SERVICE_UNAVAILABLE', async () => {
    const hq = h.addHq();
    h.organization.unavailable = true;
    const res = await consentsOf(hq.id);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('an HQ status outside the contract from organization answers 503 SERVICE_UNAVAILABLE, never a body off the schema', async () => {
    const hq = h.organization.setHq({ id: newId(), name: 'Odd', status: 'ARCHIVED' as never });
    const res = await consentsOf(hq.id);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('is for operators only', async () => {
    const hq = h.addHq();
    const res = await consentsOf(hq.id, h.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: hq.id }));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });
});

describe('HQ consents while organization is unreachable', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ organizationAddr: await deadAddress() });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('answers 503 SERVICE_UNAVAILABLE, never a bare 500', async () => {
    const res = await h.api('GET', `/api/v1/admin/hq/${newId()}/consents`, { token: h.operatorToken() });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
