import { newId } from '@storecast/service-kit';
import { INDEPENDENT_HQ_ID } from '../src';
import { auditOf, createHqStore, email, onboardHq, issueStoreManager, outboxOf, rows, startHarness, storeManagerToken, unique, type Harness, type OnboardedHq } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** A store with a manager account and that manager's token. */
const storeWithManager = async (hq: OnboardedHq) => {
  const created = await createHqStore(h, hq, { managerEmail: email('sm'), managerName: 'Store Mgr', address: 'Addr 1' });
  const accountId = created.managerAccount!.managerAccountId;
  return { storeId: created.store.id, accountId, token: storeManagerToken(h, created.store.id, hq.hqId, accountId) };
};

describe('GET /api/v1/store/me', () => {
  it('answers the store with effective settings inherited from the HQ when there are no overrides', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    const res = await h.api('GET', '/api/v1/store/me', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.storeId,
      name: expect.any(String),
      type: 'FRANCHISE',
      status: 'ACTIVE',
      hqId: hq.hqId,
      hqName: hq.name,
      hqType: 'FRANCHISE',
      plan: 'TRUST',
      address: 'Addr 1',
      managerName: 'Store Mgr',
      managerEmail: expect.stringContaining('@example.com'),
      managerPhone: null,
      region: null,
      closedAt: null,
      hqCommercialCycleSongs: 5,
      commercialCycleSongs: 5,
      duckEnabled: true,
      duckVolumePercent: 20,
      duckFadeMs: 400,
      activeDeviceCount: 0,
      deviceLimit: 4,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('each effective value is the store override, else the HQ value, and follows later HQ changes', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    await h.api('PATCH', '/api/v1/hq/me', { token: hq.token, body: { commercialCycleSongs: 7 } });
    await h.api('PATCH', '/api/v1/hq/me/ducking', { token: hq.token, body: { duckEnabled: false, duckVolumePercent: 30, duckFadeMs: 800 } });
    const me = async () => (await h.api('GET', '/api/v1/store/me', { token: s.token })).body;
    expect(await me()).toMatchObject({ hqCommercialCycleSongs: 7, commercialCycleSongs: 7, duckEnabled: false, duckVolumePercent: 30, duckFadeMs: 800 });

    await h.api('PATCH', `/api/v1/hq/stores/${s.storeId}/commercial-cycle`, { token: hq.token, body: { commercialCycleSongs: 12 } });
    await h.api('PATCH', `/api/v1/hq/stores/${s.storeId}/ducking`, { token: hq.token, body: { duckEnabled: true, duckVolumePercent: null, duckFadeMs: 0 } });
    expect(await me()).toMatchObject({ hqCommercialCycleSongs: 7, commercialCycleSongs: 12, duckEnabled: true, duckVolumePercent: 30, duckFadeMs: 0 });

    await h.api('PATCH', '/api/v1/hq/me/ducking', { token: hq.token, body: { duckEnabled: false, duckVolumePercent: 45, duckFadeMs: 900 } });
    expect(await me()).toMatchObject({ duckEnabled: true, duckVolumePercent: 45, duckFadeMs: 0 });

    await h.api('PATCH', `/api/v1/hq/stores/${s.storeId}/commercial-cycle`, { token: hq.token, body: { commercialCycleSongs: null } });
    await h.api('PATCH', `/api/v1/hq/stores/${s.storeId}/ducking`, { token: hq.token, body: { duckEnabled: null, duckVolumePercent: null, duckFadeMs: null } });
    expect(await me()).toMatchObject({ commercialCycleSongs: 7, duckEnabled: false, duckVolumePercent: 45, duckFadeMs: 900 });
  });

  it('an independent store reports its own plan', async () => {
    const res = await h.api('POST', '/api/v1/admin/stores/independent', { token: h.operatorToken, body: { store: { name: unique('Indie'), plan: 'AI', billingAnchorDay: 3 } } });
    const { token } = await issueStoreManager(h, res.body.storeId, INDEPENDENT_HQ_ID);
    const me = await h.api('GET', '/api/v1/store/me', { token });
    expect(me.body).toMatchObject({ type: 'INDEPENDENT', plan: 'AI', hqType: 'INDEPENDENT' });
  });

  it('answers 403 PRINCIPAL_SCOPE_MISMATCH for a token without a store, an unknown store, or an account of another store', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    const other = await storeWithManager(hq);
    const tokens = [
      h.sign({ sub: newId(), role: 'STORE_MANAGER' }),
      storeManagerToken(h, newId(), hq.hqId, s.accountId),
      storeManagerToken(h, other.storeId, hq.hqId, s.accountId),
    ];
    for (const token of tokens) {
      const res = await h.api('GET', '/api/v1/store/me', { token });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    }
  });

  it('fails closed: an account missing from the local copy of manager accounts gets 403 PRINCIPAL_SCOPE_MISMATCH on its own store', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    const unknown = storeManagerToken(h, s.storeId, hq.hqId, newId());
    for (const [method, path] of [
      ['GET', '/api/v1/store/me'],
      ['GET', '/api/v1/store/devices'],
    ] as const) {
      const res = await h.api(method, path, { token: unknown });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    }
    const registered = await h.api('POST', '/api/v1/store/devices', { token: unknown, body: { deviceKey: 'x', label: 'x' } });
    expect(registered.status).toBe(403);
    expect(await rows(h, 'select 1 from devices where store_id = $1', [s.storeId])).toHaveLength(0);
    expect((await h.api('GET', '/api/v1/store/me', { token: s.token })).status).toBe(200);
  });

  it('a suspended store answers 403 AUTH_STORE_SUSPENDED and a closed one 403 AUTH_STORE_CLOSED', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    await h.api('POST', `/api/v1/admin/stores/${s.storeId}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    expect((await h.api('GET', '/api/v1/store/me', { token: s.token })).body.error.code).toBe('AUTH_STORE_SUSPENDED');
    await h.api('POST', `/api/v1/admin/stores/${s.storeId}/close`, { token: h.operatorToken, body: { reason: 'r' } });
    expect((await h.api('GET', '/api/v1/store/me', { token: s.token })).body.error.code).toBe('AUTH_STORE_CLOSED');
  });

  it('other roles get 403 FORBIDDEN', async () => {
    const hq = await onboardHq(h);
    expect((await h.api('GET', '/api/v1/store/me', { token: hq.token })).body.error.code).toBe('FORBIDDEN');
  });
});

describe('PATCH /api/v1/store/me (store profile)', () => {
  it('the store manager updates its contact fields: 200 with the profile, stored, audit STORE_PROFILE_UPDATED with before/after, event organization.store.updated', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    const res = await h.api('PATCH', '/api/v1/store/me', { token: s.token, body: { managerName: 'Kim', managerPhone: '010-1234-5678', managerEmail: ' Contact@Example.COM ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.storeId, managerName: 'Kim', managerPhone: '010-1234-5678', managerEmail: 'contact@example.com', address: 'Addr 1' });

    const [stored] = await rows<{ manager_name: string; manager_phone: string; manager_email: string }>(h, 'select * from stores where id = $1', [s.storeId]);
    expect(stored).toMatchObject({ manager_name: 'Kim', manager_phone: '010-1234-5678', manager_email: 'contact@example.com' });
    const [audit] = await auditOf(h, 'STORE_PROFILE_UPDATED', s.storeId);
    expect(audit).toMatchObject({ actor_account_id: s.accountId, actor_role: 'STORE_MANAGER', store_id: s.storeId, hq_id: hq.hqId });
    expect(audit!.detail.changes).toEqual({
      managerName: { before: 'Store Mgr', after: 'Kim' },
      managerPhone: { before: null, after: '010-1234-5678' },
      managerEmail: { before: expect.stringContaining('@example.com'), after: 'contact@example.com' },
    });
    const events = await outboxOf(h, 'organization.store.updated', 'storeId', s.storeId);
    expect(events.map((e) => e.payload.data.changed)).toEqual([['managerName', 'managerEmail', 'managerPhone']]);
  });

  it('null or blank clears a field; absent keys, name and address are left as they are; no differences is a 200 no-op without audit', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    const cleared = await h.api('PATCH', '/api/v1/store/me', { token: s.token, body: { managerName: '  ', name: 'Renamed', address: 'Elsewhere' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ managerName: null, address: 'Addr 1' });
    expect(cleared.body.name).not.toBe('Renamed');
    const again = await h.api('PATCH', '/api/v1/store/me', { token: s.token, body: { managerName: null } });
    expect(again.body.updatedAt).toBe(cleared.body.updatedAt);
    expect(await auditOf(h, 'STORE_PROFILE_UPDATED', s.storeId)).toHaveLength(1);
  });

  it('invalid values answer 400 VALIDATION_FAILED and change nothing; a closed store 403 AUTH_STORE_CLOSED', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManager(hq);
    for (const body of [{ managerEmail: 'not-an-email' }, { managerPhone: 'x'.repeat(31) }, { managerName: 42 }]) {
      const res = await h.api('PATCH', '/api/v1/store/me', { token: s.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await auditOf(h, 'STORE_PROFILE_UPDATED', s.storeId)).toHaveLength(0);
    await h.api('POST', `/api/v1/admin/stores/${s.storeId}/close`, { token: h.operatorToken, body: { reason: 'r' } });
    expect((await h.api('PATCH', '/api/v1/store/me', { token: s.token, body: { managerName: 'x' } })).body.error.code).toBe('AUTH_STORE_CLOSED');
  });
});

describe('/api/v1/store/devices', () => {
  let hq: OnboardedHq;
  beforeAll(async () => {
    hq = await onboardHq(h);
  });

  /** POST /api/v1/store/devices: 201 for a new key, 200 for a known one (both documented). */
  const register = (token: string, deviceKey: string, label = 'Counter') => h.api('POST', '/api/v1/store/devices', { token, body: { deviceKey, label } });

  it('registers a new device (201, audit, event) and re-registering the key is idempotent (200, same id, label updated)', async () => {
    const s = await storeWithManager(hq);
    const first = await register(s.token, 'key-1', 'Front');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), deviceKey: 'key-1', label: 'Front', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await outboxOf(h, 'organization.device.registered', 'deviceId', first.body.id)).map((e) => e.payload.data)).toEqual([{ deviceId: first.body.id, storeId: s.storeId }]);
    expect(await auditOf(h, 'STORE_DEVICE_REGISTERED', first.body.id)).toHaveLength(1);

    const again = await register(s.token, 'key-1', 'Front');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const relabel = await register(s.token, 'key-1', 'Back');
    expect(relabel.body).toMatchObject({ id: first.body.id, label: 'Back' });
    expect(await outboxOf(h, 'organization.device.registered', 'deviceId', first.body.id)).toHaveLength(1);
  });

  it('allows at most 4 active devices (409 DEVICE_LIMIT_EXCEEDED); a known key is exempt from the limit', async () => {
    const s = await storeWithManager(hq);
    for (const k of ['a', 'b', 'c', 'd']) expect((await register(s.token, k)).status).toBe(201);
    const fifth = await register(s.token, 'e');
    expect(fifth.status).toBe(409);
    expect(fifth.body.error.code).toBe('DEVICE_LIMIT_EXCEEDED');
    expect((await register(s.token, 'c')).status).toBe(200);
    expect((await h.api('GET', '/api/v1/store/me', { token: s.token })).body.activeDeviceCount).toBe(4);
  });

  it('concurrent registrations cannot exceed the limit', async () => {
    const s = await storeWithManager(hq);
    for (const k of ['a', 'b', 'c']) await register(s.token, k);
    const results = await Promise.all(['n1', 'n2', 'n3', 'n4', 'n5', 'n6'].map((k) => register(s.token, k)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [count] = await rows<{ n: string }>(h, 'select count(*) as n from devices where store_id = $1 and revoked_at is null', [s.storeId]);
    expect(Number(count!.n)).toBe(4);
  });

  it('concurrent registrations of the same new key create one device', async () => {
    const s = await storeWithManager(hq);
    const results = await Promise.all([1, 2, 3].map(() => register(s.token, 'same-key')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('validates the key (1..64) and the label (1..50, not blank)', async () => {
    const s = await storeWithManager(hq);
    for (const body of [{ deviceKey: 'k'.repeat(65), label: 'x' }, { deviceKey: '', label: 'x' }, { deviceKey: '   ', label: 'x' }, { deviceKey: 'k', label: '  ' }, { deviceKey: 'k', label: 'l'.repeat(51) }, { label: 'x' }]) {
      const res = await h.api('POST', '/api/v1/store/devices', { token: s.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await register(s.token, 'k'.repeat(64), 'l'.repeat(50))).status).toBe(201);
  });

  it("lists the store's active devices ordered by createdAt, id — not revoked ones, not other stores'", async () => {
    const s = await storeWithManager(hq);
    const other = await storeWithManager(hq);
    const d1 = (await register(s.token, 'one')).body;
    const d2 = (await register(s.token, 'two')).body;
    const d3 = (await register(s.token, 'three')).body;
    await register(other.token, 'foreign');
    await h.api('DELETE', `/api/v1/store/devices/${d2.id}`, { token: s.token });
    const res = await h.api('GET', '/api/v1/store/devices', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: { id: string }) => d.id)).toEqual([d1.id, d3.id]);
  });

  it('renames a device; a missing, revoked or foreign device answers 404 STORE_DEVICE_NOT_FOUND, a malformed id 400', async () => {
    const s = await storeWithManager(hq);
    const other = await storeWithManager(hq);
    const d = (await register(s.token, 'r1', 'Old')).body;
    const renamed = await h.api('PATCH', `/api/v1/store/devices/${d.id}`, { token: s.token, body: { label: ' New ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: d.id, label: 'New', deviceKey: 'r1' });
    expect(await auditOf(h, 'STORE_DEVICE_RENAMED', d.id)).toHaveLength(1);
    expect((await h.api('PATCH', `/api/v1/store/devices/${d.id}`, { token: s.token, body: { label: '' } })).status).toBe(400);

    const foreign = (await register(other.token, 'f1')).body;
    const revoked = (await register(s.token, 'rv')).body;
    await h.api('DELETE', `/api/v1/store/devices/${revoked.id}`, { token: s.token });
    for (const id of [newId(), foreign.id, revoked.id]) {
      const res = await h.api('PATCH', `/api/v1/store/devices/${id}`, { token: s.token, body: { label: 'x' } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('STORE_DEVICE_NOT_FOUND');
    }
    const malformed = await h.api('PATCH', '/api/v1/store/devices/garbage', { token: s.token, body: { label: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
    expect((await h.api('GET', '/api/v1/store/devices', { token: other.token })).body.items[0].label).toBe('Counter');
  });

  it('revokes softly (204, event, audit): it frees a place; a second revoke or a foreign device answers 404; the key may register again as a new device', async () => {
    const s = await storeWithManager(hq);
    const other = await storeWithManager(hq);
    const devices = [];
    for (const k of ['a', 'b', 'c', 'd']) devices.push((await register(s.token, k)).body);
    const res = await h.api('DELETE', `/api/v1/store/devices/${devices[0].id}`, { token: s.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const [row] = await rows(h, 'select revoked_at from devices where id = $1', [devices[0].id]);
    expect(row!.revoked_at).not.toBeNull();
    expect((await outboxOf(h, 'organization.device.revoked', 'deviceId', devices[0].id)).map((e) => e.payload.data)).toEqual([{ deviceId: devices[0].id, storeId: s.storeId }]);
    expect(await auditOf(h, 'STORE_DEVICE_REVOKED', devices[0].id)).toHaveLength(1);

    expect((await h.api('DELETE', `/api/v1/store/devices/${devices[0].id}`, { token: s.token })).body.error.code).toBe('STORE_DEVICE_NOT_FOUND');
    expect((await h.api('DELETE', `/api/v1/store/devices/${devices[1].id}`, { token: other.token })).body.error.code).toBe('STORE_DEVICE_NOT_FOUND');

    const again = await register(s.token, 'a');
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(devices[0].id);
  });
});
