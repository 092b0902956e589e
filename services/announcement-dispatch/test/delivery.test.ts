import { sql } from 'drizzle-orm';
import { announcementBody, startHarness, type Harness } from './support/harness';

let h: Harness;
let announcementId: string;

beforeAll(async () => {
  h = await startHarness();
  const created = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
  announcementId = created.body.id;
});
afterAll(async () => {
  await h.stop();
});

/** A store of the HQ with one PENDING dispatch for it (and optionally devices). */
const pendingFor = async (devices = 0) => {
  const store = h.peers.addStore(h.hqId);
  const ids = Array.from({ length: devices }, () => h.peers.addDevice(store.id).id);
  const res = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds: [store.id] } });
  return { storeId: store.id, token: h.storeToken(store.id), dispatchId: res.body.dispatchIds[0] as string, devices: ids };
};
const ack = (d: { token: string; dispatchId: string }, body?: unknown) => h.api('POST', `/api/v1/store/announcements/${d.dispatchId}/ack`, { token: d.token, body });
const pending = (d: { token: string }, deviceId?: string) =>
  h.api('GET', `/api/v1/store/announcements/pending${deviceId ? `?deviceId=${encodeURIComponent(deviceId)}` : ''}`, { token: d.token });
const ids = (res: { body: { items: Array<{ dispatchId: string }> } }) => res.body.items.map((i) => i.dispatchId);

describe('reading pending announcements', () => {
  it('answers the store\'s PENDING items oldest first with audio, and never another store\'s', async () => {
    const a = await pendingFor();
    h.clock.advance(1000);
    const second = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds: [a.storeId] } });
    const res = await pending(a);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([a.dispatchId, second.body.dispatchIds[0]]);
    expect(res.body.items[0]).toMatchObject({ announcementId, title: '오픈 안내', isEmergency: false, playAt: expect.any(String) });
    expect((await fetch(res.body.items[0].audioUrl)).status).toBe(200);
    const other = await pendingFor();
    expect(ids(await pending(other))).toEqual([other.dispatchId]);
  });

  it('an HQ manager is refused with 403 and an unknown or malformed deviceId falls back to store level', async () => {
    const a = await pendingFor();
    expect((await h.api('GET', '/api/v1/store/announcements/pending', { token: h.hqToken })).status).toBe(403);
    expect(ids(await pending(a, 'not-a-device'))).toEqual([a.dispatchId]);
    expect(ids(await pending(a, crypto.randomUUID()))).toEqual([a.dispatchId]);
    const surrogate = await h.api('GET', '/api/v1/store/announcements/pending?deviceId=%ED%A0%80', { token: a.token });
    expect(ids(surrogate)).toEqual([a.dispatchId]);
    // A NUL byte is hostile input the kit refuses before any route (400, never 500).
    expect((await h.api('GET', '/api/v1/store/announcements/pending?deviceId=%00', { token: a.token })).status).toBe(400);
  });

  it('a dispatch addressed to one device reaches only that device', async () => {
    const a = await pendingFor(2);
    const targeted = crypto.randomUUID();
    const now = h.clock.now();
    await h.service.runtime.db.execute(sql`insert into dispatches (id, batch_id, announcement_id, hq_id, store_id, device_id, target, status, due_at, play_at, created_at, pending_at)
      values (${targeted}, ${crypto.randomUUID()}, ${announcementId}, ${h.hqId}, ${a.storeId}, ${a.devices[0]!}, 'STORES', 'PENDING', ${now}, ${now}, ${now}, ${now})`);
    expect(ids(await pending(a, a.devices[0]))).toContain(targeted);
    expect(ids(await pending(a, a.devices[1]))).not.toContain(targeted);
    expect(ids(await pending(a))).not.toContain(targeted);
  });
});

describe('the Dispatch status table: acks', () => {
  it('PENDING + ack without body → PLAYED with the played time; a later PLAYED still 204 without change; FAILED after it is 404', async () => {
    const d = await pendingFor();
    expect((await ack(d)).status).toBe(204);
    const row = await h.dispatchRow(d.dispatchId);
    expect(row).toMatchObject({ status: 'PLAYED' });
    const playedAt = new Date(row.played_at as string).toISOString();
    expect(playedAt).toBe(h.clock.now().toISOString());
    h.clock.advance(1000);
    expect((await ack(d, { outcome: 'PLAYED' })).status).toBe(204);
    expect(new Date((await h.dispatchRow(d.dispatchId)).played_at as string).toISOString()).toBe(playedAt);
    const late = await ack(d, { outcome: 'FAILED' });
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('DISPATCH_NOT_FOUND');
    expect(ids(await pending(d))).not.toContain(d.dispatchId);
  });

  it('PENDING + SKIPPED → MISSED(SKIPPED), and no ack overwrites it', async () => {
    const d = await pendingFor();
    expect((await ack(d, { outcome: 'SKIPPED' })).status).toBe(204);
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'MISSED', missed_reason: 'SKIPPED' });
    for (const outcome of ['PLAYED', 'SKIPPED', 'FAILED']) expect((await ack(d, { outcome })).status).toBe(404);
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'MISSED', missed_reason: 'SKIPPED' });
  });

  it('PENDING + FAILED twice stays PENDING and is redelivered; the third → MISSED(PLAYBACK_FAILED)', async () => {
    const d = await pendingFor();
    for (let i = 1; i <= 2; i++) {
      expect((await ack(d, { outcome: 'FAILED' })).status).toBe(204);
      expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'PENDING', failure_count: i });
      expect(ids(await pending(d))).toContain(d.dispatchId);
    }
    expect((await ack(d, { outcome: 'FAILED' })).status).toBe(204);
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'MISSED', missed_reason: 'PLAYBACK_FAILED', failure_count: 3 });
  });

  it('an ack for another store\'s dispatch, an unknown id or a canceled one is 404 DISPATCH_NOT_FOUND', async () => {
    const d = await pendingFor();
    const other = await pendingFor();
    expect((await ack({ token: other.token, dispatchId: d.dispatchId })).status).toBe(404);
    expect((await ack({ token: d.token, dispatchId: crypto.randomUUID() })).status).toBe(404);
    await h.api('POST', `/api/v1/hq/dispatches/${d.dispatchId}/cancel`, { token: h.hqToken });
    expect((await ack(d)).status).toBe(404);
    expect((await h.dispatchRow(d.dispatchId)).status).toBe('CANCELED');
  });

  it('an invalid outcome is 400; invalid measurement fields are stored raw and treated as not reported', async () => {
    const d = await pendingFor();
    expect((await ack(d, { outcome: 'MAYBE' })).status).toBe(400);
    const res = await ack(d, { signalSource: 'CARRIER_PIGEON', receivedAt: 'yesterday', startedAt: 12, deviceId: 42 });
    expect(res.status).toBe(204);
    const row = await h.dispatchRow(d.dispatchId);
    expect(row).toMatchObject({ status: 'PLAYED', signal_latency_ms: null, played_by_device_id: null });
    const acks = await h.service.runtime.db.execute(sql`select signal_source, received_at_raw, started_at_raw, device_id from dispatch_acks where dispatch_id = ${d.dispatchId}`);
    expect(acks.rows[0]).toEqual({ signal_source: 'CARRIER_PIGEON', received_at_raw: 'yesterday', started_at_raw: '12', device_id: null });
  });

  it('signal latency is receivedAt minus the creation time, and null when the client clock is off', async () => {
    const d = await pendingFor();
    const created = h.clock.now().getTime();
    h.clock.advance(5000);
    await ack(d, { signalSource: 'SSE', receivedAt: new Date(created + 1500).toISOString(), startedAt: new Date(created + 2000).toISOString() });
    expect((await h.dispatchRow(d.dispatchId)).signal_latency_ms).toBe(1500);
    const ahead = await pendingFor();
    await ack(ahead, { receivedAt: new Date(h.clock.now().getTime() + 31_000).toISOString() });
    expect((await h.dispatchRow(ahead.dispatchId)).signal_latency_ms).toBeNull();
    const old = await pendingFor();
    await ack(old, { receivedAt: new Date(h.clock.now().getTime() + 3_600_001).toISOString() });
    expect((await h.dispatchRow(old.dispatchId)).signal_latency_ms).toBeNull();
  });

  it('two PLAYED acks racing make exactly one PLAYED transition; both answer 204', async () => {
    for (let round = 0; round < 5; round++) {
      const d = await pendingFor(2);
      const [a, b] = await Promise.all([ack(d, { deviceId: d.devices[0] }), ack(d, { deviceId: d.devices[1] })]);
      expect([a.status, b.status]).toEqual([204, 204]);
      const row = await h.dispatchRow(d.dispatchId);
      expect(row.status).toBe('PLAYED');
      const acks = await h.service.runtime.db.execute(sql`select device_id from dispatch_acks where dispatch_id = ${d.dispatchId}`);
      expect(acks.rows).toHaveLength(2);
      expect(d.devices).toContain(row.played_by_device_id);
    }
  });
});

describe('acks with devices', () => {
  it('one device failing keeps the dispatch PENDING for the others; when every active device failed or skipped, the store-level path applies', async () => {
    const d = await pendingFor(2);
    const [one, two] = d.devices as [string, string];
    await ack(d, { outcome: 'SKIPPED', deviceId: one });
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'PENDING', failure_count: 0 });
    expect(ids(await pending(d, one))).not.toContain(d.dispatchId);
    expect(ids(await pending(d, two))).toContain(d.dispatchId);
    await ack(d, { outcome: 'FAILED', deviceId: two });
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'PENDING', failure_count: 1 });
    await ack(d, { outcome: 'FAILED', deviceId: two });
    await ack(d, { outcome: 'FAILED', deviceId: two });
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'MISSED', missed_reason: 'PLAYBACK_FAILED', failure_count: 3 });
  });

  it('every device skipping makes MISSED(SKIPPED); a revoked device does not count', async () => {
    const d = await pendingFor(3);
    h.peers.devices.get(d.devices[2]!)!.revoked = true;
    await ack(d, { outcome: 'SKIPPED', deviceId: d.devices[0] });
    await ack(d, { outcome: 'SKIPPED', deviceId: d.devices[1] });
    expect(await h.dispatchRow(d.dispatchId)).toMatchObject({ status: 'MISSED', missed_reason: 'SKIPPED' });
  });

  it('another device still sees an announcement played in the last 5 minutes until it acknowledges it', async () => {
    const d = await pendingFor(2);
    const [one, two] = d.devices as [string, string];
    await ack(d, { deviceId: one });
    expect(ids(await pending(d, two))).toContain(d.dispatchId);
    expect(ids(await pending(d, one))).not.toContain(d.dispatchId);
    expect(ids(await pending(d))).not.toContain(d.dispatchId);
    h.clock.advance(5 * 60 * 1000 + 1);
    expect(ids(await pending(d, two))).not.toContain(d.dispatchId);
    h.clock.advance(-(5 * 60 * 1000 + 1));
    expect((await ack(d, { deviceId: two })).status).toBe(204);
    expect(ids(await pending(d, two))).not.toContain(d.dispatchId);
  });
});
