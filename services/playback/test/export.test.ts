import { newId } from '@storecast/service-kit';
import { parse } from 'csv-parse/sync';
import { musicOf, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const report = (token: string, body: Record<string, unknown>) => h.api('POST', '/api/v1/store/playback/report', { token, body });
const rowsOf = (text: string): string[][] => parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false });

/** Inserts n TRUST logs of a store straight into the table (one per second back from `from`). */
const bulkLogs = async (hqId: string, storeId: string, n: number, from = '2026-01-31T00:00:00Z') => {
  await h.pool.query(
    `insert into playback_logs (id, hq_id, store_id, device_id, music_id, library_id, music_title, music_source, is_trust, started_at, played_ms, cache_hit, kst_day, recorded_at)
     select gen_random_uuid(), $1, $2, null, gen_random_uuid(), null, 'Bulk ' || g, 'TRUST', true, $3::timestamptz - g * interval '1 second', 1000, null, '2026-01-30', now()
     from generate_series(1, $4) g`,
    [hqId, storeId, from, n],
  );
};

describe('GET /api/v1/hq/playback-logs/export', () => {
  it('is a UTF-8 CSV with a BOM and a header, newest first, KST wall clock beside UTC, streamed (chunked)', async () => {
    const t = h.tenant({ name: '강남 Chain' });
    const m = musicOf(h, 'TRUST', '봄날 (Spring Day)');
    await report(t.storeToken, { state: 'PLAYING', logs: [{ musicId: m.id, startedAt: '2026-03-01T15:30:00.000Z', playedMs: 1234, cacheHit: true }] });
    await report(t.otherStoreToken, { state: 'PLAYING', logs: [{ musicId: m.id, startedAt: '2026-03-01T01:00:00.000Z', playedMs: 99 }] });
    const res = await h.api('GET', '/api/v1/hq/playback-logs/export', { token: t.hqToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="playback-logs-2026-03-02.csv"');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    expect([res.headers.get('x-total-count'), res.headers.get('x-exported-count'), res.headers.get('x-export-truncated')]).toEqual(['2', '2', 'false']);
    // fetch's text() drops a BOM: the bytes show it.
    const raw = Buffer.from(await (await fetch(`${h.service.httpUrl}/api/v1/hq/playback-logs/export`, { headers: { authorization: `Bearer ${t.hqToken}` } })).arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.subarray(3).toString('utf8').startsWith('startedAt,startedAtKst,')).toBe(true);
    expect(raw.toString('utf8')).toContain('\r\n');
    const rows = rowsOf(res.text);
    expect(rows[0]).toEqual(['startedAt', 'startedAtKst', 'storeId', 'storeName', 'deviceId', 'musicId', 'musicTitle', 'musicSource', 'isTrust', 'libraryId', 'playedMs', 'cacheHit']);
    expect(rows.slice(1)).toEqual([
      ['2026-03-01T15:30:00.000Z', '2026-03-02 00:30:00', t.storeId, '강남 Chain Gangnam', '', m.id, '봄날 (Spring Day)', 'TRUST', 'true', '', '1234', 'true'],
      ['2026-03-01T01:00:00.000Z', '2026-03-01 10:00:00', t.otherStoreId, '강남 Chain Mapo', '', m.id, '봄날 (Spring Day)', 'TRUST', 'true', '', '99', ''],
    ]);
  });

  it('cells that a spreadsheet would run as formulas (titles, store names) start with an apostrophe', async () => {
    const t = h.tenant({ name: '=cmd|/C calc!A0' });
    const m = musicOf(h, 'TRUST', '@SUM(1+1)');
    const m2 = musicOf(h, 'TRUST', '-2+3');
    await report(t.storeToken, {
      state: 'PLAYING',
      logs: [
        { musicId: m.id, startedAt: '2026-03-01T00:00:00.000Z', playedMs: 1 },
        { musicId: m2.id, startedAt: '2026-03-01T00:01:00.000Z', playedMs: 1 },
      ],
    });
    const rows = rowsOf((await h.api('GET', '/api/v1/hq/playback-logs/export', { token: t.hqToken })).text).slice(1);
    expect(rows.map((r) => [r[3], r[6]])).toEqual([
      ["'=cmd|/C calc!A0 Gangnam", "'-2+3"],
      ["'=cmd|/C calc!A0 Gangnam", "'@SUM(1+1)"],
    ]);
  });

  it('applies the list filters (default TRUST only) and never exports another HQ\'s logs', async () => {
    const a = h.tenant();
    const b = h.tenant();
    const trust = musicOf(h, 'TRUST');
    const ai = musicOf(h, 'AI');
    await report(a.storeToken, { state: 'PLAYING', logs: [{ musicId: trust.id, startedAt: '2026-03-01T00:00:00Z', playedMs: 1 }, { musicId: ai.id, startedAt: '2026-03-01T00:05:00Z', playedMs: 1 }] });
    await report(b.storeToken, { state: 'PLAYING', logs: [{ musicId: trust.id, startedAt: '2026-03-01T00:00:00Z', playedMs: 1 }] });
    const trustOnly = rowsOf((await h.api('GET', '/api/v1/hq/playback-logs/export', { token: a.hqToken })).text).slice(1);
    expect(trustOnly.map((r) => [r[2], r[5]])).toEqual([[a.storeId, trust.id]]);
    const aiOnly = rowsOf((await h.api('GET', `/api/v1/hq/playback-logs/export?source=AI&storeId=${a.storeId}`, { token: a.hqToken })).text).slice(1);
    expect(aiOnly.map((r) => r[5])).toEqual([ai.id]);
    const foreign = await h.api('GET', `/api/v1/hq/playback-logs/export?source=ALL&storeId=${b.storeId}`, { token: a.hqToken });
    expect(rowsOf(foreign.text)).toHaveLength(1);
    expect((await h.api('GET', '/api/v1/hq/playback-logs/export?from=2026-03-09&to=2026-03-01', { token: a.hqToken })).status).toBe(400);
  });

  it('stops at 50,000 rows, newest first, read in batches, and says the file is truncated', async () => {
    const t = h.tenant();
    await bulkLogs(t.hqId, t.storeId, 50_001);
    const res = await h.api('GET', '/api/v1/hq/playback-logs/export', { token: t.hqToken });
    expect([res.headers.get('x-total-count'), res.headers.get('x-exported-count'), res.headers.get('x-export-truncated')]).toEqual(['50001', '50000', 'true']);
    const rows = rowsOf(res.text);
    expect(rows).toHaveLength(50_001); // header + 50,000
    expect(rows[1]![6]).toBe('Bulk 1');
    expect(rows[50_000]![6]).toBe('Bulk 50000');
    expect(new Set(rows.slice(1).map((r) => r[6])).size).toBe(50_000);
  }, 60_000);
});

describe('GET /api/v1/admin/playback-logs/export', () => {
  it('exports every HQ\'s logs (or one HQ\'s) for an operator, names resolved per store', async () => {
    const a = h.tenant({ name: 'OpA' });
    const b = h.tenant({ name: 'OpB' });
    const m = musicOf(h, 'AI');
    await report(a.storeToken, { state: 'PLAYING', logs: [{ musicId: m.id, startedAt: '2025-12-01T00:00:00Z', playedMs: 5 }] });
    await report(b.storeToken, { state: 'PLAYING', logs: [{ musicId: m.id, startedAt: '2025-12-01T00:00:01Z', playedMs: 5 }] });
    const res = await h.api('GET', '/api/v1/admin/playback-logs/export?source=ALL&from=2025-12-01&to=2025-12-01', { token: h.operatorToken });
    expect(rowsOf(res.text).slice(1).map((r) => r[3])).toEqual(['OpB Gangnam', 'OpA Gangnam']);
    const one = await h.api('GET', `/api/v1/admin/playback-logs/export?source=ALL&hqId=${a.hqId}&to=2025-12-01`, { token: h.operatorToken });
    expect(rowsOf(one.text).slice(1).map((r) => r[2])).toEqual([a.storeId]);
    expect((await h.api('GET', '/api/v1/admin/playback-logs/export', { token: a.hqToken })).status).toBe(403);
    expect((await h.api('GET', `/api/v1/admin/playback-logs/export?hqId=${newId().slice(0, 8)}`, { token: h.operatorToken })).status).toBe(400);
  });
});
