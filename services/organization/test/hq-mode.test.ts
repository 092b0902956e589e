import { newId } from '@storecast/service-kit';
import { INDEPENDENT_HQ_ID } from '../src';
import { auditOf, createHqStore, email, onboardHq, outboxOf, recordManagerAccount, rows, startHarness, unique, type Harness, type OnboardedHq } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('GET/PATCH /api/v1/hq/me', () => {
  it('answers the HQ profile with the setting defaults and the open store count', async () => {
    const hq = await onboardHq(h, { businessNumber: '111-22-33333' });
    await createHqStore(h, hq);
    const res = await h.api('GET', '/api/v1/hq/me', { token: hq.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: hq.hqId,
      name: hq.name,
      type: 'FRANCHISE',
      plan: 'TRUST',
      status: 'ACTIVE',
      businessNumber: '111-22-33333',
      billingAnchorDay: 10,
      storeCount: 1,
      commercialCycleSongs: 5,
      duckEnabled: true,
      duckVolumePercent: 20,
      duckFadeMs: 400,
      createdAt: expect.any(String),
    });
  });

  it('answers 403 PRINCIPAL_SCOPE_MISMATCH when the token names no HQ or an HQ that does not exist', async () => {
    for (const token of [h.sign({ sub: newId(), role: 'HQ_MANAGER' }), h.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: newId() })]) {
      const res = await h.api('GET', '/api/v1/hq/me', { token });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    }
  });

  it('fails closed: an account missing from the local copy of manager accounts gets 403 PRINCIPAL_SCOPE_MISMATCH, even for a live HQ', async () => {
    const hq = await onboardHq(h);
    const unknown = h.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: hq.hqId });
    for (const [method, path] of [
      ['GET', '/api/v1/hq/me'],
      ['GET', '/api/v1/hq/stores'],
    ] as const) {
      const res = await h.api(method, path, { token: unknown });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    }
    const created = await h.api('POST', '/api/v1/hq/stores', { token: unknown, body: { name: unique('Nope') } });
    expect(created.status).toBe(403);
    expect(await rows(h, 'select 1 from stores where hq_id = $1', [hq.hqId])).toHaveLength(0);
    // the known manager of the same HQ passes
    expect((await h.api('GET', '/api/v1/hq/me', { token: hq.token })).status).toBe(200);
  });

  it('answers 403 PRINCIPAL_SCOPE_MISMATCH when the calling manager account is no longer ACTIVE, or belongs to another HQ', async () => {
    const hq = await onboardHq(h);
    const other = await onboardHq(h);
    const forged = h.sign({ sub: hq.managerAccountId, role: 'HQ_MANAGER', hqId: other.hqId });
    expect((await h.api('GET', '/api/v1/hq/me', { token: forged })).body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    await h.pool.query(`update manager_accounts set status = 'SUSPENDED' where account_id = $1`, [hq.managerAccountId]);
    expect((await h.api('GET', '/api/v1/hq/me', { token: hq.token })).body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
  });

  it('other roles get 403 FORBIDDEN from the role gate', async () => {
    const res = await h.api('GET', '/api/v1/hq/me', { token: h.operatorToken });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('PATCH sets commercialCycleSongs (1..100), records HQ_PROFILE_UPDATED, and a repeat is a no-op', async () => {
    const hq = await onboardHq(h);
    const res = await h.api('PATCH', '/api/v1/hq/me', { token: hq.token, body: { commercialCycleSongs: 12, name: 'ignored' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ commercialCycleSongs: 12, name: hq.name });
    await h.api('PATCH', '/api/v1/hq/me', { token: hq.token, body: { commercialCycleSongs: 12 } });
    const audits = await auditOf(h, 'HQ_PROFILE_UPDATED', hq.hqId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toEqual({ changes: { commercialCycleSongs: { before: 5, after: 12 } } });
    expect(audits[0]).toMatchObject({ actor_account_id: hq.managerAccountId, actor_role: 'HQ_MANAGER' });
  });

  it('PATCH rejects commercialCycleSongs outside 1..100 or not an integer with 400 VALIDATION_FAILED', async () => {
    const hq = await onboardHq(h);
    for (const value of [0, 101, 2.5, '5']) {
      const res = await h.api('PATCH', '/api/v1/hq/me', { token: hq.token, body: { commercialCycleSongs: value } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('PATCH /ducking replaces the three defaults as a whole', async () => {
    const hq = await onboardHq(h);
    const res = await h.api('PATCH', '/api/v1/hq/me/ducking', { token: hq.token, body: { duckEnabled: false, duckVolumePercent: 0, duckFadeMs: 5000 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ duckEnabled: false, duckVolumePercent: 0, duckFadeMs: 5000 });
    const [audit] = await auditOf(h, 'HQ_DUCKING_UPDATED', hq.hqId);
    expect(audit!.detail.changes).toEqual({ duckEnabled: { before: true, after: false }, duckVolumePercent: { before: 20, after: 0 }, duckFadeMs: { before: 400, after: 5000 } });
  });

  it('PATCH /ducking with a missing key or an out-of-range value answers 400 VALIDATION_FAILED', async () => {
    const hq = await onboardHq(h);
    for (const body of [{ duckEnabled: true, duckVolumePercent: 10 }, { duckEnabled: true, duckVolumePercent: 101, duckFadeMs: 1 }, { duckEnabled: true, duckVolumePercent: 1, duckFadeMs: 5001 }, { duckEnabled: null, duckVolumePercent: 1, duckFadeMs: 1 }]) {
      const res = await h.api('PATCH', '/api/v1/hq/me/ducking', { token: hq.token, body });
      expect(res.status).toBe(400);
    }
  });

  it('an impersonating operator is recorded as OPERATOR_IMPERSONATING with the operator id', async () => {
    const hq = await onboardHq(h);
    const operatorId = newId();
    const token = h.sign({ sub: hq.managerAccountId, role: 'HQ_MANAGER', hqId: hq.hqId, impersonatedBy: operatorId });
    await h.api('PATCH', '/api/v1/hq/me', { token, body: { commercialCycleSongs: 9 } });
    const [audit] = await auditOf(h, 'HQ_PROFILE_UPDATED', hq.hqId);
    expect(audit).toMatchObject({ actor_account_id: hq.managerAccountId, actor_role: 'OPERATOR_IMPERSONATING', impersonated_by: operatorId });
  });
});

describe('POST /api/v1/hq/stores', () => {
  let hq: OnboardedHq;
  beforeAll(async () => {
    hq = await onboardHq(h);
  });

  it('without a manager email: 201 with the store detail and no manager account; audit HQ_STORE_CREATED; event', async () => {
    const name = unique('강남점');
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name, address: '서울 강남구 1', managerName: '홍길동', managerPhone: '010-0000-0000' } });
    expect(res.status).toBe(201);
    expect(res.body.managerAccount).toBeNull();
    expect(res.body.store).toEqual({
      id: expect.any(String),
      name,
      address: '서울 강남구 1',
      managerName: '홍길동',
      managerEmail: null,
      phone: '010-0000-0000',
      type: 'FRANCHISE',
      status: 'ACTIVE',
      closedAt: null,
      storeManager: null,
      activePlaylist: null,
      effectivePlaylist: null,
      commercialCycleSongs: null,
      region: null,
      duckEnabled: null,
      duckVolumePercent: null,
      duckFadeMs: null,
      hqDuckEnabled: true,
      hqDuckVolumePercent: 20,
      hqDuckFadeMs: 400,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [audit] = await auditOf(h, 'HQ_STORE_CREATED', res.body.store.id);
    expect(audit).toMatchObject({ actor_role: 'HQ_MANAGER', hq_id: hq.hqId });
    expect(audit!.detail).toMatchObject({ name, type: 'FRANCHISE', address: '서울 강남구 1', managerName: '홍길동' });
    expect((await outboxOf(h, 'organization.store.created', 'storeId', res.body.store.id))).toHaveLength(1);
  });

  it('with a manager email: the account is created, the setup email sent after the commit, storeManager filled', async () => {
    const managerEmail = email('Owner');
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: unique('S'), managerEmail: managerEmail.toUpperCase(), managerName: 'Lee' } });
    expect(res.status).toBe(201);
    expect(res.body.managerAccount).toEqual({ managerAccountId: expect.any(String), email: managerEmail, setupEmailSent: true });
    expect(res.body.store.storeManager).toEqual({ email: managerEmail, name: 'Lee', status: 'ACTIVE' });
    expect(res.body.store.managerEmail).toBe(managerEmail);
    expect(h.identity.accounts.get(res.body.managerAccount.managerAccountId)).toMatchObject({ role: 'STORE_MANAGER', hqId: hq.hqId, storeId: res.body.store.id });
    expect(h.identity.setupEmailCalls).toContain(res.body.managerAccount.managerAccountId);
  });

  it('allows two stores with the same name under one HQ', async () => {
    const name = unique('Twin');
    expect((await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name } })).status).toBe(201);
    expect((await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name } })).status).toBe(201);
  });

  it('invalid fields answer 400 HQ_STORE_INVALID_FIELD', async () => {
    for (const body of [{ name: '' }, { name: 'x'.repeat(51) }, { name: 'ok', managerEmail: 'nope' }, { name: 'ok', address: 'a'.repeat(201) }, { name: 'ok', managerPhone: '1'.repeat(31) }, {}]) {
      const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    }
  });

  it('HQ_STORE_INVALID_FIELD says what is wrong in message and fields, never in details (details is for VALIDATION_FAILED only)', async () => {
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: '', managerEmail: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    expect(res.body.error.details).toBeUndefined();
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['managerEmail', 'name']);
    expect(res.body.error.message).toMatch(/name/);
    const hostile = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: 'a\u0000b' } });
    expect(hostile.status).toBe(400);
    expect(hostile.body.error.details).toBeUndefined();
    expect(hostile.body.error.fields).toEqual({ name: expect.any(String) });
  });

  it('a taken email answers 409 DUPLICATE_EMAIL and nothing is created', async () => {
    const taken = email('taken');
    h.identity.seed({ email: taken, role: 'STORE_MANAGER' });
    const name = unique('Dup');
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name, managerEmail: taken } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DUPLICATE_EMAIL');
    expect(await rows(h, 'select 1 from stores where name = $1', [name])).toHaveLength(0);
    expect(await rows(h, "select 1 from audit_records where action = 'HQ_STORE_CREATED' and target_label = $1", [name])).toHaveLength(0);
  });

  it('when sending the setup email fails, setupEmailSent is false and the store stays', async () => {
    const failing = email('fail');
    h.identity.undeliverable.add(failing);
    const res = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: unique('S'), managerEmail: failing } });
    expect(res.status).toBe(201);
    expect(res.body.managerAccount.setupEmailSent).toBe(false);
  });

  it('a suspended HQ gets 403 AUTH_HQ_SUSPENDED and no account is created', async () => {
    const suspended = await onboardHq(h);
    await h.api('POST', `/api/v1/admin/hq/${suspended.hqId}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    const calls = h.identity.createCalls.length;
    const res = await h.api('POST', '/api/v1/hq/stores', { token: suspended.token, body: { name: 'x', managerEmail: email('s') } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('AUTH_HQ_SUSPENDED');
    expect(h.identity.createCalls.length).toBe(calls);
    // Reading still works for a suspended HQ.
    expect((await h.api('GET', '/api/v1/hq/stores', { token: suspended.token })).status).toBe(200);
  });

  it('under the virtual INDEPENDENT HQ the server decides type INDEPENDENT', async () => {
    const accountId = newId();
    await recordManagerAccount(h, { accountId, role: 'HQ_MANAGER', hqId: INDEPENDENT_HQ_ID });
    const token = h.sign({ sub: accountId, role: 'HQ_MANAGER', hqId: INDEPENDENT_HQ_ID });
    const res = await h.api('POST', '/api/v1/hq/stores', { token, body: { name: unique('Solo') } });
    expect(res.status).toBe(201);
    expect(res.body.store.type).toBe('INDEPENDENT');
  });
});

describe('GET /api/v1/hq/stores', () => {
  let hq: OnboardedHq;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    hq = await onboardHq(h);
    const other = await onboardHq(h);
    ids.b = (await createHqStore(h, hq, { name: 'b store', address: 'Seoul Mapo', managerEmail: email('b') })).store.id;
    ids.a = (await createHqStore(h, hq, { name: 'a store', address: 'Busan Haeundae' })).store.id;
    ids.c = (await createHqStore(h, hq, { name: 'c store', address: 'seoul gangnam' })).store.id;
    ids.z = (await createHqStore(h, hq, { name: 'z suspended' })).store.id;
    ids.y = (await createHqStore(h, hq, { name: 'y inactive', managerEmail: email('y') })).store.id;
    ids.foreign = (await createHqStore(h, other, { name: 'a foreign store' })).store.id;
    await h.api('POST', `/api/v1/admin/stores/${ids.z}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    await h.pool.query(`update stores set status = 'INACTIVE' where id = $1`, [ids.y]);
  });

  const list = (query = '') => h.api('GET', `/api/v1/hq/stores${query}`, { token: hq.token });

  it("lists only the caller's stores: SUSPENDED and INACTIVE first, then name, id", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([ids.z, ids.y, ids.a, ids.b, ids.c]);
    expect(res.body).toMatchObject({ page: 0, size: 20, total: 5 });
    expect(res.body.items[3]).toEqual({
      id: ids.b,
      name: 'b store',
      type: 'FRANCHISE',
      status: 'ACTIVE',
      address: 'Seoul Mapo',
      managerName: null,
      lastOnlineAt: null,
      closedAt: null,
      createdAt: expect.any(String),
      hasManagerAccount: true,
    });
  });

  it('q matches name or address case-insensitively', async () => {
    expect((await list('?q=SEOUL')).body.items.map((i: { id: string }) => i.id)).toEqual([ids.b, ids.c]);
    expect((await list('?q=a%20sto')).body.items.map((i: { id: string }) => i.id)).toEqual([ids.a]);
    expect((await list('?q=%25')).body.total).toBe(0);
  });

  it('q matches %, _ and \\ literally in every list that searches (ILIKE wildcards escaped)', async () => {
    const other = await onboardHq(h, { name: unique('Lit%HQ_x') });
    for (const name of ['pct 50% off', 'under_score', 'back\\slash', 'pct 50x off', 'underXscore', 'backXslash']) await createHqStore(h, other, { name });
    const hqList = async (q: string) =>
      (await h.api('GET', `/api/v1/hq/stores?q=${encodeURIComponent(q)}`, { token: other.token })).body.items.map((i: { name: string }) => i.name);
    expect(await hqList('50%')).toEqual(['pct 50% off']);
    expect(await hqList('r_s')).toEqual(['under_score']);
    expect(await hqList('k\\s')).toEqual(['back\\slash']);
    const adminStores = async (q: string) =>
      (await h.api('GET', `/api/v1/admin/stores/admin-list?hqId=${other.hqId}&q=${encodeURIComponent(q)}`, { token: h.operatorToken })).body.items.map(
        (i: { name: string }) => i.name,
      );
    expect(await adminStores('50%')).toEqual(['pct 50% off']);
    expect(await adminStores('r_s')).toEqual(['under_score']);
    expect(await adminStores('k\\s')).toEqual(['back\\slash']);
    const adminHqs = async (q: string) =>
      (await h.api('GET', `/api/v1/admin/hq/admin-list?q=${encodeURIComponent(q)}`, { token: h.operatorToken })).body.items.map((i: { id: string }) => i.id);
    expect(await adminHqs('t%h')).toEqual([other.hqId]);
    expect(await adminHqs('Q_X')).toEqual([other.hqId]);
    expect(await adminHqs('Lit_HQ')).toEqual([]);
  });

  it('filters by status, type and hasManagerAccount', async () => {
    expect((await list('?status=SUSPENDED')).body.items.map((i: { id: string }) => i.id)).toEqual([ids.z]);
    expect((await list('?hasManagerAccount=true')).body.items.map((i: { id: string }) => i.id)).toEqual([ids.y, ids.b]);
    expect((await list('?hasManagerAccount=false')).body.items.map((i: { id: string }) => i.id)).toEqual([ids.z, ids.a, ids.c]);
    expect((await list('?type=DIRECT')).body.total).toBe(0);
  });

  it('hasManagerAccount ignores WITHDRAWN accounts', async () => {
    await h.pool.query(`update manager_accounts set status = 'WITHDRAWN' where store_id = $1`, [ids.y]);
    expect((await list('?hasManagerAccount=true')).body.items.map((i: { id: string }) => i.id)).toEqual([ids.b]);
    await h.pool.query(`update manager_accounts set status = 'ACTIVE' where store_id = $1`, [ids.y]);
  });

  it('pages, and rejects bad filters', async () => {
    const p = await list('?size=2&page=2');
    expect(p.body).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(p.body.items.map((i: { id: string }) => i.id)).toEqual([ids.c]);
    expect((await list('?hasManagerAccount=yes')).status).toBe(400);
    expect((await list('?status=OPEN')).body.error.code).toBe('INVALID_ENUM_VALUE');
    expect((await list(`?q=${'q'.repeat(101)}`)).status).toBe(400);
  });
});

describe('GET/PATCH /api/v1/hq/stores/{id}', () => {
  let hq: OnboardedHq;
  beforeAll(async () => {
    hq = await onboardHq(h);
  });

  it('detail: storeManager is the first created manager, whatever its status', async () => {
    const created = await createHqStore(h, hq, { managerEmail: email('first'), managerName: 'First' });
    await h.api('POST', `/api/v1/hq/stores/${created.store.id}/managers`, { token: hq.token, body: { email: email('second'), name: 'Second' } });
    h.identity.accounts.get(created.managerAccount!.managerAccountId)!.status = 'SUSPENDED';
    const res = await h.api('GET', `/api/v1/hq/stores/${created.store.id}`, { token: hq.token });
    expect(res.status).toBe(200);
    expect(res.body.storeManager).toEqual({ email: created.managerAccount!.email, name: 'First', status: 'SUSPENDED' });
    expect(res.body.activePlaylist).toBeNull();
  });

  it('answers 404 STORE_NOT_FOUND for a missing id, 400 VALIDATION_FAILED for one that is not a UUID', async () => {
    const missing = await h.api('GET', `/api/v1/hq/stores/${newId()}`, { token: hq.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('STORE_NOT_FOUND');
    const malformed = await h.api('GET', '/api/v1/hq/stores/x', { token: hq.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('PATCH: absent keys stay, null clears, values set; audit HQ_STORE_UPDATED lists only changed fields; event store.updated', async () => {
    const { store } = await createHqStore(h, hq, { name: 'Before', address: 'Old addr', managerName: 'Kim', managerPhone: '010' });
    const res = await h.api('PATCH', `/api/v1/hq/stores/${store.id}`, {
      token: hq.token,
      body: { name: 'After', address: null, managerEmail: 'New@Example.com', managerPhone: '010' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'After', address: null, managerName: 'Kim', managerEmail: 'new@example.com', phone: '010' });
    const [audit] = await auditOf(h, 'HQ_STORE_UPDATED', store.id);
    expect(audit!.detail).toEqual({
      changes: {
        name: { before: 'Before', after: 'After' },
        address: { before: 'Old addr', after: null },
        managerEmail: { before: null, after: 'new@example.com' },
      },
    });
    const events = await outboxOf(h, 'organization.store.updated', 'storeId', store.id);
    expect(events.map((e) => e.payload.data)).toEqual([{ storeId: store.id, hqId: hq.hqId, changed: ['name', 'address', 'managerEmail'] }]);
  });

  it('PATCH without differences is a 200 no-op: no audit, no event, updatedAt kept', async () => {
    const { store } = await createHqStore(h, hq, { name: 'Same', address: 'A' });
    const before = await h.api('GET', `/api/v1/hq/stores/${store.id}`, { token: hq.token });
    const res = await h.api('PATCH', `/api/v1/hq/stores/${store.id}`, { token: hq.token, body: { name: 'Same', address: 'A', managerName: null } });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(before.body.updatedAt);
    const empty = await h.api('PATCH', `/api/v1/hq/stores/${store.id}`, { token: hq.token, body: {} });
    expect(empty.status).toBe(200);
    expect(await auditOf(h, 'HQ_STORE_UPDATED', store.id)).toHaveLength(0);
    expect(await outboxOf(h, 'organization.store.updated', 'storeId', store.id)).toHaveLength(0);
  });

  it('PATCH: the name cannot be cleared or blank, and invalid values answer 400 HQ_STORE_INVALID_FIELD', async () => {
    const { store } = await createHqStore(h, hq);
    for (const body of [{ name: null }, { name: '  ' }, { managerEmail: 'bad' }, { address: 'x'.repeat(201) }, { managerName: 'x'.repeat(51) }]) {
      const res = await h.api('PATCH', `/api/v1/hq/stores/${store.id}`, { token: hq.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    }
  });
});

describe('store settings: commercial cycle, ducking, region', () => {
  let hq: OnboardedHq;
  let storeId: string;
  beforeAll(async () => {
    hq = await onboardHq(h);
    storeId = (await createHqStore(h, hq)).store.id;
  });
  const detail = async () => (await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token })).body;

  it('a store id that is not valid percent-encoded UTF-8 (a lone surrogate) answers the documented 400 VALIDATION_FAILED INVALID_ENCODING', async () => {
    const res = await h.api('PATCH', '/api/v1/hq/stores/%ED%BF%BF/ducking', { token: hq.token, body: { duckEnabled: true, duckVolumePercent: 30, duckFadeMs: 500 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '(path)', code: 'INVALID_ENCODING' }] });
  });

  it('commercial-cycle: 1..100 sets the override (204), null removes it, absent leaves it', async () => {
    expect((await h.api('PATCH', `/api/v1/hq/stores/${storeId}/commercial-cycle`, { token: hq.token, body: { commercialCycleSongs: 12 } })).status).toBe(204);
    expect((await detail()).commercialCycleSongs).toBe(12);
    expect((await h.api('PATCH', `/api/v1/hq/stores/${storeId}/commercial-cycle`, { token: hq.token, body: {} })).status).toBe(204);
    expect((await detail()).commercialCycleSongs).toBe(12);
    await h.api('PATCH', `/api/v1/hq/stores/${storeId}/commercial-cycle`, { token: hq.token, body: { commercialCycleSongs: null } });
    expect((await detail()).commercialCycleSongs).toBeNull();
    for (const v of [0, 101, '3']) {
      const res = await h.api('PATCH', `/api/v1/hq/stores/${storeId}/commercial-cycle`, { token: hq.token, body: { commercialCycleSongs: v } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    }
    expect((await outboxOf(h, 'organization.store.updated', 'storeId', storeId)).map((e) => e.payload.data.changed)).toEqual([['commercialCycleSongs'], ['commercialCycleSongs']]);
  });

  it('ducking: a full replace; all three keys are required; all null means inherit', async () => {
    expect((await h.api('PATCH', `/api/v1/hq/stores/${storeId}/ducking`, { token: hq.token, body: { duckEnabled: false, duckVolumePercent: null, duckFadeMs: 100 } })).status).toBe(204);
    expect(await detail()).toMatchObject({ duckEnabled: false, duckVolumePercent: null, duckFadeMs: 100, hqDuckEnabled: true, hqDuckVolumePercent: 20, hqDuckFadeMs: 400 });
    const missing = await h.api('PATCH', `/api/v1/hq/stores/${storeId}/ducking`, { token: hq.token, body: { duckEnabled: true } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    const range = await h.api('PATCH', `/api/v1/hq/stores/${storeId}/ducking`, { token: hq.token, body: { duckEnabled: true, duckVolumePercent: 101, duckFadeMs: null } });
    expect(range.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    await h.api('PATCH', `/api/v1/hq/stores/${storeId}/ducking`, { token: hq.token, body: { duckEnabled: null, duckVolumePercent: null, duckFadeMs: null } });
    expect(await detail()).toMatchObject({ duckEnabled: null, duckVolumePercent: null, duckFadeMs: null });
    expect(await auditOf(h, 'HQ_STORE_DUCKING_UPDATED', storeId)).toHaveLength(2);
  });

  it('region: one of the 17 provinces sets it, null clears it; audit HQ_STORE_REGION_UPDATED with before and after', async () => {
    expect((await h.api('PATCH', `/api/v1/hq/stores/${storeId}/region`, { token: hq.token, body: { region: 'SEOUL' } })).status).toBe(204);
    expect((await detail()).region).toBe('SEOUL');
    await h.api('PATCH', `/api/v1/hq/stores/${storeId}/region`, { token: hq.token, body: { region: 'JEJU' } });
    await h.api('PATCH', `/api/v1/hq/stores/${storeId}/region`, { token: hq.token, body: { region: null } });
    expect((await detail()).region).toBeNull();
    const audits = await auditOf(h, 'HQ_STORE_REGION_UPDATED', storeId);
    expect(audits.map((a) => a.detail)).toEqual([
      { before: null, after: 'SEOUL' },
      { before: 'SEOUL', after: 'JEJU' },
      { before: 'JEJU', after: null },
    ]);
    const bad = await h.api('PATCH', `/api/v1/hq/stores/${storeId}/region`, { token: hq.token, body: { region: 'seoul' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
  });
});

describe('POST /api/v1/hq/stores/{storeId}/managers', () => {
  let hq: OnboardedHq;
  beforeAll(async () => {
    hq = await onboardHq(h);
  });

  it('issues a manager (password generated by identity), sends the setup email, audit HQ_STORE_MANAGER_ISSUED', async () => {
    const { store } = await createHqStore(h, hq);
    const managerEmail = email('issue');
    const res = await h.api('POST', `/api/v1/hq/stores/${store.id}/managers`, { token: hq.token, body: { email: managerEmail, name: 'Yoon' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ storeId: store.id, managerAccount: { managerAccountId: expect.any(String), email: managerEmail, setupEmailSent: true } });
    expect(h.identity.createCalls.at(-1)).not.toHaveProperty('tempPassword');
    const [audit] = await auditOf(h, 'HQ_STORE_MANAGER_ISSUED', res.body.managerAccount.managerAccountId);
    expect(audit).toMatchObject({ actor_role: 'HQ_MANAGER', hq_id: hq.hqId });
  });

  it('name is optional; a bad email answers 400 HQ_STORE_INVALID_FIELD; a taken one 409 DUPLICATE_EMAIL', async () => {
    const { store } = await createHqStore(h, hq);
    expect((await h.api('POST', `/api/v1/hq/stores/${store.id}/managers`, { token: hq.token, body: { email: email('noname') } })).status).toBe(200);
    const bad = await h.api('POST', `/api/v1/hq/stores/${store.id}/managers`, { token: hq.token, body: { email: 'nope' } });
    expect(bad.body.error.code).toBe('HQ_STORE_INVALID_FIELD');
    const taken = email('tk');
    h.identity.seed({ email: taken, role: 'OPERATOR' });
    const dup = await h.api('POST', `/api/v1/hq/stores/${store.id}/managers`, { token: hq.token, body: { email: taken } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('DUPLICATE_EMAIL');
  });

  it('a missing store answers 403 PRINCIPAL_SCOPE_MISMATCH; a closed one 409 STORE_ALREADY_CLOSED', async () => {
    const missing = await h.api('POST', `/api/v1/hq/stores/${newId()}/managers`, { token: hq.token, body: { email: email('m') } });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    const { store } = await createHqStore(h, hq);
    await h.api('POST', `/api/v1/admin/stores/${store.id}/close`, { token: h.operatorToken, body: { reason: 'r' } });
    const closed = await h.api('POST', `/api/v1/hq/stores/${store.id}/managers`, { token: hq.token, body: { email: email('c') } });
    expect(closed.body.error.code).toBe('STORE_ALREADY_CLOSED');
  });

  it('a suspended HQ gets 403 AUTH_HQ_SUSPENDED', async () => {
    const suspended = await onboardHq(h);
    const { store } = await createHqStore(h, suspended);
    await h.api('POST', `/api/v1/admin/hq/${suspended.hqId}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    const res = await h.api('POST', `/api/v1/hq/stores/${store.id}/managers`, { token: suspended.token, body: { email: email('s') } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('AUTH_HQ_SUSPENDED');
  });
});

describe('tenant isolation: a manager of HQ A on every store path of HQ B', () => {
  it('gets 404 STORE_NOT_FOUND (403 PRINCIPAL_SCOPE_MISMATCH for manager issue) and changes nothing', async () => {
    const a = await onboardHq(h);
    const b = await onboardHq(h);
    const { store } = await createHqStore(h, b, { name: 'B store', address: 'B addr' });
    const before = await rows(h, 'select * from stores where id = $1', [store.id]);
    const managersBefore = h.identity.createCalls.length;

    const cases: Array<[string, string, unknown, number, string]> = [
      ['GET', `/api/v1/hq/stores/${store.id}`, undefined, 404, 'STORE_NOT_FOUND'],
      ['PATCH', `/api/v1/hq/stores/${store.id}`, { name: 'hijacked' }, 404, 'STORE_NOT_FOUND'],
      ['PATCH', `/api/v1/hq/stores/${store.id}/commercial-cycle`, { commercialCycleSongs: 3 }, 404, 'STORE_NOT_FOUND'],
      ['PATCH', `/api/v1/hq/stores/${store.id}/ducking`, { duckEnabled: false, duckVolumePercent: 1, duckFadeMs: 1 }, 404, 'STORE_NOT_FOUND'],
      ['PATCH', `/api/v1/hq/stores/${store.id}/region`, { region: 'BUSAN' }, 404, 'STORE_NOT_FOUND'],
      ['POST', `/api/v1/hq/stores/${store.id}/managers`, { email: email('hijack') }, 403, 'PRINCIPAL_SCOPE_MISMATCH'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await h.api(method, path, { token: a.token, body });
      expect({ method, path, status: res.status, code: res.body?.error?.code }).toEqual({ method, path, status, code });
    }
    const list = await h.api('GET', '/api/v1/hq/stores?q=B%20store', { token: a.token });
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(store.id);
    expect(await rows(h, 'select * from stores where id = $1', [store.id])).toEqual(before);
    expect(h.identity.createCalls.length).toBe(managersBefore);
    expect(await rows(h, 'select 1 from audit_records where store_id = $1 and actor_account_id = $2', [store.id, a.managerAccountId])).toHaveLength(0);
  });
});
