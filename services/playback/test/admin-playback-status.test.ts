import { newId } from '@storecast/service-kit';
import { startHarness, type Harness } from './harness';

// GET /api/v1/admin/playback-status: the fleet's playback state for the operator dashboard, an
// additive operator endpoint (spec 03 § Versioning) counting stores with the HQ board's rule.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => h.clock.set(new Date('2026-03-02T00:00:00.000Z')));

const report = (token: string, body: Record<string, unknown>) => h.api('POST', '/api/v1/store/playback/report', { token, body });
const fleet = (token: string) => h.api('GET', '/api/v1/admin/playback-status', { token });
type HqRow = { hqId: string; storeCount: number; counts: Record<string, number> };

describe('GET /api/v1/admin/playback-status', () => {
  it('counts each HQ\'s open stores by state as the HQ board does, and sums them over the fleet', async () => {
    const a = h.tenant({ name: 'Fleet A' });
    const b = h.tenant({ name: 'Fleet B' });
    const silent = h.tenant({ name: 'Never reported' });
    const third = newId();
    h.organization.setStore({ id: third, hqId: a.hqId, name: 'Fleet A Yeouido' }); // never reported: OFFLINE
    h.organization.setStore({ id: newId(), hqId: a.hqId, name: 'Fleet A Closed', closedAt: '2026-01-01T00:00:00.000Z' }); // not counted
    await report(a.storeToken, { state: 'PLAYING' });
    await report(a.otherStoreToken, { state: 'PAUSED' });
    await report(b.storeToken, { state: 'SILENT' });
    h.clock.advance(600_000);
    await report(b.otherStoreToken, { state: 'PLAYING' });
    const hqBoard = await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: a.hqToken });

    const res = await fleet(h.operatorToken);
    expect(res.status).toBe(200);
    expect(res.body.offlineAfterSeconds).toBe(600);
    expect(res.body.generatedAt).toBe('2026-03-02T00:10:00.000Z');
    const byHq = new Map<string, HqRow>(res.body.hqs.map((r: HqRow) => [r.hqId, r]));
    expect(byHq.get(a.hqId)).toEqual({ hqId: a.hqId, storeCount: 3, counts: { PLAYING: 1, PAUSED: 1, SILENT: 0, OFFLINE: 1 } });
    expect(byHq.get(a.hqId)!.counts).toEqual(hqBoard.body.counts);
    expect(byHq.get(b.hqId)).toEqual({ hqId: b.hqId, storeCount: 2, counts: { PLAYING: 1, PAUSED: 0, SILENT: 1, OFFLINE: 0 } });
    expect(byHq.has(silent.hqId)).toBe(false);
    const ids = res.body.hqs.map((r: HqRow) => r.hqId);
    expect(ids).toEqual([...ids].sort());
    const sum = (state: string) => res.body.hqs.reduce((n: number, r: HqRow) => n + r.counts[state]!, 0);
    expect(res.body.counts).toEqual({ PLAYING: sum('PLAYING'), PAUSED: sum('PAUSED'), SILENT: sum('SILENT'), OFFLINE: sum('OFFLINE') });

    // One more second past the threshold: the first three reports are stale, those stores OFFLINE.
    h.clock.advance(1);
    const later = await fleet(h.operatorToken);
    const laterA = later.body.hqs.find((r: HqRow) => r.hqId === a.hqId);
    const laterB = later.body.hqs.find((r: HqRow) => r.hqId === b.hqId);
    expect(laterA.counts).toEqual({ PLAYING: 0, PAUSED: 0, SILENT: 0, OFFLINE: 3 });
    expect(laterB.counts).toEqual({ PLAYING: 1, PAUSED: 0, SILENT: 0, OFFLINE: 1 });
  });

  it('only an operator reads it; organization down is 503', async () => {
    const t = h.tenant();
    await report(t.storeToken, { state: 'PLAYING' });
    expect((await fleet(t.hqToken)).status).toBe(403);
    expect((await fleet(t.storeToken)).status).toBe(403);
    expect((await h.api('GET', '/api/v1/admin/playback-status', {})).status).toBe(401);
    h.organization.unavailable = true;
    try {
      const down = await fleet(h.operatorToken);
      expect([down.status, down.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      h.organization.unavailable = false;
    }
  });
});
