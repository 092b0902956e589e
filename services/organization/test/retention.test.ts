import { ManualClock, newId, unary } from '@storecast/service-kit';
import { createOrganizationStatsClient } from '@storecast/proto';
import { INDEPENDENT_HQ_ID } from '../src';
import {
  auditOf,
  createHqStore,
  email,
  issueStoreManager,
  onboardHq,
  outboxOf,
  recordManagerAccount,
  rows,
  startHarness,
  type Harness,
  type OnboardedHq,
} from './support/harness';

// Retention (spec 02 § Limits: soft-deleted HQs and stores are kept 90 days): the operator's
// soft-delete endpoints, what happens to devices and managers, and the purge job.

const DAY = 24 * 3600 * 1000;
const clock = new ManualClock(new Date('2026-03-01T00:00:00.000Z'));
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock });
});
afterAll(async () => {
  await h?.stop();
});

/** A store with a manager (token) and one active device. */
const storeWithManagerAndDevice = async (hq: OnboardedHq) => {
  const created = await createHqStore(h, hq, { managerEmail: email('sm') });
  const storeId = created.store.id;
  const accountId = created.managerAccount!.managerAccountId;
  const token = h.sign({ sub: accountId, role: 'STORE_MANAGER', storeId, hqId: hq.hqId });
  const device = (await h.api('POST', '/api/v1/store/devices', { token, body: { deviceKey: 'k1', label: 'Counter' } })).body as { id: string };
  return { storeId, accountId, token, deviceId: device.id };
};

describe('DELETE /api/v1/admin/stores/{storeId}', () => {
  it('soft-deletes the store: it leaves every read, its devices are revoked, its managers withdrawn via identity; audit STORE_DELETED, event organization.store.deleted', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithManagerAndDevice(hq);
    const res = await h.api('DELETE', `/api/v1/admin/stores/${s.storeId}`, { token: h.operatorToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      storeId: s.storeId,
      deletedAt: clock.now().toISOString(),
      revokedDeviceCount: 1,
      withdrawnManagerCount: 1,
      managerWithdrawalFailedCount: 0,
    });

    // stored state
    const [store] = await rows<{ deleted_at: Date }>(h, 'select deleted_at from stores where id = $1', [s.storeId]);
    expect(store!.deleted_at.toISOString()).toBe(clock.now().toISOString());
    expect(await rows(h, 'select 1 from devices where store_id = $1 and revoked_at is null', [s.storeId])).toHaveLength(0);
    expect(h.identity.withdrawCalls).toContainEqual({ accountId: s.accountId, reason: 'STORE_DELETED' });
    expect((await rows<{ status: string }>(h, 'select status from manager_accounts where account_id = $1', [s.accountId]))[0]!.status).toBe('WITHDRAWN');

    // reads
    expect((await h.api('GET', `/api/v1/admin/stores/${s.storeId}`, { token: h.operatorToken })).status).toBe(404);
    expect((await h.api('GET', `/api/v1/hq/stores/${s.storeId}`, { token: hq.token })).status).toBe(404);
    expect((await h.api('GET', '/api/v1/store/me', { token: s.token })).status).toBe(403);
    expect((await h.api('DELETE', `/api/v1/admin/stores/${s.storeId}`, { token: h.operatorToken })).body.error.code).toBe('STORE_NOT_FOUND');

    // audit and event
    const [audit] = await auditOf(h, 'STORE_DELETED', s.storeId);
    expect(audit).toMatchObject({ target_type: 'STORE', hq_id: hq.hqId, store_id: s.storeId, actor_role: 'OPERATOR', detail: { revokedDeviceIds: [s.deviceId], managerAccountIds: [s.accountId] } });
    const events = await outboxOf(h, 'organization.store.deleted', 'storeId', s.storeId);
    expect(events.map((e) => e.payload.data)).toEqual([{ storeId: s.storeId, hqId: hq.hqId, deletedAt: clock.now().toISOString(), reason: 'STORE_DELETED' }]);
  });

  it('an unknown store is 404 STORE_NOT_FOUND, a non-UUID id 400; other roles 403', async () => {
    expect((await h.api('DELETE', `/api/v1/admin/stores/${newId()}`, { token: h.operatorToken })).body.error.code).toBe('STORE_NOT_FOUND');
    expect((await h.api('DELETE', '/api/v1/admin/stores/nope', { token: h.operatorToken })).status).toBe(400);
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    expect((await h.api('DELETE', `/api/v1/admin/stores/${storeId}`, { token: hq.token })).status).toBe(403);
  });

  it('a manager identity cannot withdraw is counted and logged; the deletion stands', async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    // known to organization's copy, unknown to identity: WithdrawAccount fails
    const ghost = newId();
    await recordManagerAccount(h, { accountId: ghost, role: 'STORE_MANAGER', hqId: hq.hqId, storeId });
    const res = await h.api('DELETE', `/api/v1/admin/stores/${storeId}`, { token: h.operatorToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ withdrawnManagerCount: 0, managerWithdrawalFailedCount: 1 });
    expect(await rows(h, 'select 1 from stores where id = $1 and deleted_at is not null', [storeId])).toHaveLength(1);
  });
});

describe('DELETE /api/v1/admin/hq/{id}', () => {
  it('soft-deletes the HQ with every store of it, revokes their devices, withdraws HQ and store managers; one store.deleted per store and hq.deleted', async () => {
    const hq = await onboardHq(h);
    const a = await storeWithManagerAndDevice(hq);
    const b = (await createHqStore(h, hq)).store.id;
    const res = await h.api('DELETE', `/api/v1/admin/hq/${hq.hqId}`, { token: h.operatorToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hqId: hq.hqId, deletedAt: clock.now().toISOString(), revokedDeviceCount: 1, withdrawnManagerCount: 2, managerWithdrawalFailedCount: 0 });
    expect([...res.body.deletedStoreIds].sort()).toEqual([a.storeId, b].sort());

    expect(await rows(h, 'select 1 from stores where hq_id = $1 and deleted_at is null', [hq.hqId])).toHaveLength(0);
    expect(await rows(h, 'select 1 from hqs where id = $1 and deleted_at is not null', [hq.hqId])).toHaveLength(1);
    expect(h.identity.withdrawCalls).toEqual(
      expect.arrayContaining([
        { accountId: hq.managerAccountId, reason: 'HQ_DELETED' },
        { accountId: a.accountId, reason: 'HQ_DELETED' },
      ]),
    );
    expect((await h.api('GET', `/api/v1/admin/hq/${hq.hqId}`, { token: h.operatorToken })).body.error.code).toBe('HQ_NOT_FOUND');
    expect((await h.api('GET', '/api/v1/hq/me', { token: hq.token })).status).toBe(403);
    const listed = await h.api('GET', `/api/v1/admin/stores/admin-list?hqId=${hq.hqId}`, { token: h.operatorToken });
    expect(listed.body.total).toBe(0);

    expect(await auditOf(h, 'HQ_DELETED', hq.hqId)).toHaveLength(1);
    const hqEvents = await outboxOf(h, 'organization.hq.deleted', 'hqId', hq.hqId);
    expect(hqEvents).toHaveLength(1);
    expect((await outboxOf(h, 'organization.store.deleted', 'hqId', hq.hqId)).map((e) => e.payload.data.reason)).toEqual(['HQ_DELETED', 'HQ_DELETED']);
  });

  it('the INDEPENDENT HQ cannot be deleted (409 HQ_INVALID_STATUS_TRANSITION); an unknown HQ is 404 HQ_NOT_FOUND', async () => {
    const res = await h.api('DELETE', `/api/v1/admin/hq/${INDEPENDENT_HQ_ID}`, { token: h.operatorToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('HQ_INVALID_STATUS_TRANSITION');
    expect((await h.api('DELETE', `/api/v1/admin/hq/${newId()}`, { token: h.operatorToken })).body.error.code).toBe('HQ_NOT_FOUND');
  });

  it('GetOrganizationCounts leaves a deleted HQ and its stores out', async () => {
    const counts = () => {
      const client = createOrganizationStatsClient(`127.0.0.1:${h.service.grpcPort}`);
      return unary<Record<string, never>, { hqCount: number; storeCount: number }>(client.getOrganizationCounts.bind(client), {}).finally(() => client.close());
    };
    const hq = await onboardHq(h);
    await createHqStore(h, hq);
    await createHqStore(h, hq);
    const before = await counts();
    await h.api('DELETE', `/api/v1/admin/hq/${hq.hqId}`, { token: h.operatorToken });
    expect(await counts()).toEqual({ hqCount: before.hqCount - 1, storeCount: before.storeCount - 2 });
  });
});

describe('purge of rows deleted more than 90 days ago', () => {
  it('deletes for good the stores and HQs deleted more than 90 days before now, emitting organization.store.purged / organization.hq.purged; younger ones stay', async () => {
    const old = await onboardHq(h);
    const oldStore = await storeWithManagerAndDevice(old);
    const soloHq = await onboardHq(h);
    const oldSolo = (await createHqStore(h, soloHq)).store.id;
    await h.api('DELETE', `/api/v1/admin/hq/${old.hqId}`, { token: h.operatorToken });
    await h.api('DELETE', `/api/v1/admin/stores/${oldSolo}`, { token: h.operatorToken });
    const deletedAt = clock.now().toISOString();

    clock.advance(60 * DAY);
    const young = await onboardHq(h);
    await h.api('DELETE', `/api/v1/admin/hq/${young.hqId}`, { token: h.operatorToken });

    clock.advance(30 * DAY); // the first deletions are now exactly 90 days old: kept
    expect(await h.service.purgeDeleted()).toEqual({ purgedStoreIds: [], purgedHqIds: [] });

    clock.advance(1);
    const result = await h.service.purgeDeleted();
    expect(result.purgedStoreIds).toEqual(expect.arrayContaining([oldStore.storeId, oldSolo]));
    expect(result.purgedHqIds).toContain(old.hqId);
    expect(result.purgedHqIds).not.toContain(young.hqId);
    expect(result.purgedHqIds).not.toContain(soloHq.hqId); // not deleted itself

    expect(await rows(h, 'select 1 from hqs where id = $1', [old.hqId])).toHaveLength(0);
    expect(await rows(h, 'select 1 from stores where id = any($1)', [[oldStore.storeId, oldSolo]])).toHaveLength(0);
    expect(await rows(h, 'select 1 from devices where store_id = $1', [oldStore.storeId])).toHaveLength(0);
    expect(await rows(h, 'select 1 from manager_accounts where hq_id = $1', [old.hqId])).toHaveLength(0);
    expect(await rows(h, 'select 1 from hqs where id = $1', [young.hqId])).toHaveLength(1);
    expect(await rows(h, 'select 1 from hqs where id = $1 and deleted_at is null', [soloHq.hqId])).toHaveLength(1);

    expect((await outboxOf(h, 'organization.store.purged', 'storeId', oldStore.storeId)).map((e) => e.payload.data)).toEqual([
      { storeId: oldStore.storeId, hqId: old.hqId, deletedAt },
    ]);
    expect((await outboxOf(h, 'organization.hq.purged', 'hqId', old.hqId)).map((e) => e.payload.data)).toEqual([{ hqId: old.hqId, deletedAt }]);

    // a second run finds nothing left to purge
    expect(await h.service.purgeDeleted()).toEqual({ purgedStoreIds: [], purgedHqIds: [] });
  });

  it('two replicas purging at once delete every row once and emit one purged event each (SKIP LOCKED)', async () => {
    const hqs = await Promise.all([onboardHq(h), onboardHq(h), onboardHq(h)]);
    for (const hq of hqs) {
      await createHqStore(h, hq);
      await h.api('DELETE', `/api/v1/admin/hq/${hq.hqId}`, { token: h.operatorToken });
    }
    clock.advance(91 * DAY);
    const [a, b] = await Promise.all([h.service.purgeDeleted(), h.service.purgeDeleted()]);
    const purged = [...a.purgedHqIds, ...b.purgedHqIds];
    expect(new Set(purged).size).toBe(purged.length); // nothing purged twice
    expect(purged).toEqual(expect.arrayContaining(hqs.map((x) => x.hqId)));
    for (const hq of hqs) expect(await outboxOf(h, 'organization.hq.purged', 'hqId', hq.hqId)).toHaveLength(1);
  });
});

describe('a store manager issued on a store then deleted', () => {
  it('cannot act any more even before identity withdraws it', async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    const manager = await issueStoreManager(h, storeId, hq.hqId);
    await h.api('DELETE', `/api/v1/admin/stores/${storeId}`, { token: h.operatorToken });
    const res = await h.api('GET', '/api/v1/store/devices', { token: manager.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
  });
});
