import { newId } from '@storecast/service-kit';
import { apiClient } from '@storecast/service-kit/testing';
import { loadPlaybackConfig } from '../src/config';
import { start } from '../src/server';
import { musicOf, outboxEvents, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => h.clock.set(new Date('2026-03-02T00:00:00.000Z')));

const REPORT = '/api/v1/store/playback/report';
const log = (musicId: string, startedAt: string, extra: Record<string, unknown> = {}) => ({ musicId, startedAt, playedMs: 180_000, ...extra });
const report = (token: string, body: Record<string, unknown>) => h.api('POST', REPORT, { token, body });

const logsOf = async (storeId: string) =>
  (
    await h.pool.query(
      'select music_id, device_id, is_trust, music_source, started_at, played_ms, cache_hit, kst_day::text as kst_day from playback_logs where store_id = $1 order by started_at, music_id',
      [storeId],
    )
  ).rows;
const totalsOf = async (storeId: string) =>
  (
    await h.pool.query(
      'select day::text as day, trust_count, non_trust_count, trust_played_ms::int, non_trust_played_ms::int, cache_hit_count, cache_miss_count from playback_daily_totals where store_id = $1 order by day',
      [storeId],
    )
  ).rows;
const stateOf = async (reporterId: string) => (await h.pool.query('select * from playback_states where reporter_id = $1', [reporterId])).rows[0];

describe('POST /api/v1/store/playback/report', () => {
  it('stores the logs with is_trust from the music source, answers recordedLogCount, and adds to the KST daily totals split trust / non-trust', async () => {
    const t = h.tenant();
    const trust = musicOf(h, 'TRUST');
    const ai = musicOf(h, 'AI');
    const res = await report(t.storeToken, {
      state: 'PLAYING',
      currentMusicId: ai.id,
      logs: [log(trust.id, '2026-03-01T23:50:00.000Z', { cacheHit: true }), log(ai.id, '2026-03-01T23:53:00.000Z', { playedMs: 60_000, cacheHit: false })],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recordedLogCount: 2 });
    expect(await logsOf(t.storeId)).toEqual([
      expect.objectContaining({ music_id: trust.id, is_trust: true, music_source: 'TRUST', device_id: null, cache_hit: true, kst_day: '2026-03-02' }),
      expect.objectContaining({ music_id: ai.id, is_trust: false, music_source: 'AI', played_ms: 60_000, cache_hit: false, kst_day: '2026-03-02' }),
    ]);
    expect(await totalsOf(t.storeId)).toEqual([
      { day: '2026-03-02', trust_count: 1, non_trust_count: 1, trust_played_ms: 180_000, non_trust_played_ms: 60_000, cache_hit_count: 1, cache_miss_count: 1 },
    ]);
  });

  it('a log of an unknown music is skipped while the rest of the batch is stored', async () => {
    const t = h.tenant();
    const known = musicOf(h, 'AI');
    const res = await report(t.storeToken, {
      state: 'PLAYING',
      logs: [log(newId(), '2026-03-01T23:00:00.000Z'), log(known.id, '2026-03-01T23:03:00.000Z'), log('not-a-music-id', '2026-03-01T23:06:00.000Z')],
    });
    expect(res.body).toEqual({ recordedLogCount: 1 });
    expect((await logsOf(t.storeId)).map((l) => l.music_id)).toEqual([known.id]);
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ trust_count: 0, non_trust_count: 1 })]);
  });

  it('a log already stored (same store, music, startedAt) is stored once and counted once in the totals', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'TRUST');
    const body = { state: 'PLAYING', logs: [log(m.id, '2026-03-01T22:00:00.000Z'), log(m.id, '2026-03-01T22:00:00.000Z')] };
    expect((await report(t.storeToken, body)).body).toEqual({ recordedLogCount: 1 });
    expect((await report(t.storeToken, body)).body).toEqual({ recordedLogCount: 0 });
    expect(await logsOf(t.storeId)).toHaveLength(1);
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ trust_count: 1, trust_played_ms: 180_000 })]);
  });

  it('identical reports sent concurrently store every log once and count each once', async () => {
    const t = h.tenant();
    const music = Array.from({ length: 20 }, (_, i) => musicOf(h, i % 2 ? 'AI' : 'TRUST'));
    const logs = music.flatMap((m, i) => [log(m.id, new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString()), log(m.id, new Date(Date.UTC(2026, 2, 1, 11, i)).toISOString())]);
    // The same batch in different orders, eight times at once.
    const bodies = Array.from({ length: 8 }, (_, k) => ({ state: 'PLAYING', logs: k % 2 ? [...logs].reverse() : logs }));
    const answers = await Promise.all(bodies.map((b) => report(t.storeToken, b)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + a.body.recordedLogCount, 0)).toBe(40);
    expect(await logsOf(t.storeId)).toHaveLength(40);
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ day: '2026-03-01', trust_count: 20, non_trust_count: 20 })]);
  });

  it('daily totals follow the KST day of each play: 14:59:59.999Z is one day, 15:00Z the next', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'TRUST');
    h.clock.set(new Date('2026-03-01T15:10:00.000Z'));
    await report(t.storeToken, {
      state: 'PLAYING',
      logs: [log(m.id, '2026-03-01T14:59:59.999Z', { playedMs: 1000 }), log(m.id, '2026-03-01T15:00:00.000Z', { playedMs: 2000 }), log(m.id, '2026-03-01T23:59:00.000+09:00', { playedMs: 4000 })],
    });
    expect(await totalsOf(t.storeId)).toEqual([
      expect.objectContaining({ day: '2026-03-01', trust_count: 2, trust_played_ms: 5000 }),
      expect.objectContaining({ day: '2026-03-02', trust_count: 1, trust_played_ms: 2000 }),
    ]);
  });

  it('cacheHit null or absent counts in neither hits nor misses', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'AI');
    await report(t.storeToken, {
      state: 'PLAYING',
      logs: [log(m.id, '2026-03-01T10:00:00Z', { cacheHit: null }), log(m.id, '2026-03-01T10:05:00Z'), log(m.id, '2026-03-01T10:10:00Z', { cacheHit: true })],
    });
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ non_trust_count: 3, cache_hit_count: 1, cache_miss_count: 0 })]);
    expect((await logsOf(t.storeId)).map((l) => l.cache_hit)).toEqual([null, null, true]);
  });

  it('a valid device reports for itself: its state row, its logs deduplicated on (device, music, startedAt) apart from the store\'s', async () => {
    const t = h.tenant();
    const deviceId = newId();
    h.organization.setDevice({ id: deviceId, storeId: t.storeId });
    const m = musicOf(h, 'AI');
    const body = (extra: Record<string, unknown>) => ({ state: 'PAUSED', currentMusicId: m.id, logs: [log(m.id, '2026-03-01T09:00:00Z')], ...extra });
    expect((await report(t.storeToken, body({ deviceId }))).body).toEqual({ recordedLogCount: 1 });
    expect((await report(t.storeToken, body({ deviceId }))).body).toEqual({ recordedLogCount: 0 });
    // The same play reported at store level is another reporter's log.
    expect((await report(t.storeToken, body({}))).body).toEqual({ recordedLogCount: 1 });
    expect((await logsOf(t.storeId)).map((l) => l.device_id).sort()).toEqual([deviceId, null].sort());
    expect(await stateOf(deviceId)).toEqual(expect.objectContaining({ store_id: t.storeId, device_id: deviceId, state: 'PAUSED', current_music_id: m.id }));
  });

  it('an unknown, revoked, foreign or malformed deviceId falls back to store level', async () => {
    const t = h.tenant();
    const revoked = newId();
    const foreign = newId();
    h.organization.setDevice({ id: revoked, storeId: t.storeId, revoked: true });
    h.organization.setDevice({ id: foreign, storeId: t.otherStoreId });
    const m = musicOf(h, 'AI');
    const ids = [newId(), revoked, foreign, 'device-1'];
    for (const [i, deviceId] of ids.entries()) {
      const res = await report(t.storeToken, { state: 'SILENT', deviceId, logs: [log(m.id, `2026-03-01T0${i}:00:00Z`)] });
      expect(res.body).toEqual({ recordedLogCount: 1 });
    }
    expect((await logsOf(t.storeId)).map((l) => l.device_id)).toEqual([null, null, null, null]);
    expect(await stateOf(t.storeId)).toEqual(expect.objectContaining({ device_id: null, state: 'SILENT' }));
    expect(await stateOf(revoked)).toBeUndefined();
  });

  it('every report updates the state and last-signal time, even without logs', async () => {
    const t = h.tenant();
    await report(t.storeToken, { state: 'PLAYING' });
    h.clock.advance(300_000);
    await report(t.storeToken, { state: 'SILENT', logs: null });
    expect(await stateOf(t.storeId)).toEqual(expect.objectContaining({ state: 'SILENT', last_signal_at: new Date('2026-03-02T00:05:00.000Z') }));
  });

  it('emits playback.store.signal on the first signal, on a state change and once per minute otherwise', async () => {
    const t = h.tenant();
    await report(t.storeToken, { state: 'PLAYING' });
    h.clock.advance(30_000);
    await report(t.storeToken, { state: 'PLAYING' });
    h.clock.advance(10_000);
    await report(t.storeToken, { state: 'PAUSED' });
    h.clock.advance(60_000);
    await report(t.storeToken, { state: 'PAUSED' });
    const events = (await outboxEvents(h.pool, 'playback.store.signal')).filter((e) => e.storeId === t.storeId);
    expect(events).toEqual([
      { storeId: t.storeId, hqId: t.hqId, deviceId: null, state: 'PLAYING', signaledAt: '2026-03-02T00:00:00.000Z' },
      { storeId: t.storeId, hqId: t.hqId, deviceId: null, state: 'PAUSED', signaledAt: '2026-03-02T00:00:40.000Z' },
      { storeId: t.storeId, hqId: t.hqId, deviceId: null, state: 'PAUSED', signaledAt: '2026-03-02T00:01:40.000Z' },
    ]);
  });

  it('OFFLINE or any other state answers 400 PLAYBACK_INVALID_STATE and changes nothing', async () => {
    const t = h.tenant();
    for (const state of ['OFFLINE', 'STOPPED', 'playing']) {
      const res = await report(t.storeToken, { state });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('PLAYBACK_INVALID_STATE');
    }
    expect(await stateOf(t.storeId)).toBeUndefined();
  });

  it('more than 200 logs, playedMs outside 0..86400000, a missing state or a bad startedAt answer 400 VALIDATION_FAILED with nothing stored', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'AI');
    const many = Array.from({ length: 201 }, (_, i) => log(m.id, new Date(Date.UTC(2026, 2, 1, 0, 0, i)).toISOString()));
    const bad = [
      { state: 'PLAYING', logs: many },
      { state: 'PLAYING', logs: [log(m.id, '2026-03-01T00:00:00Z', { playedMs: 86_400_001 })] },
      { state: 'PLAYING', logs: [log(m.id, '2026-03-01T00:00:00Z', { playedMs: -1 })] },
      { state: 'PLAYING', logs: [log(m.id, '2026-03-01T00:00:00Z', { playedMs: 1.5 })] },
      { state: 'PLAYING', logs: [log(m.id, 'yesterday')] },
      { logs: [] },
      { state: 7 },
    ];
    for (const body of bad) {
      const res = await report(t.storeToken, body);
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await logsOf(t.storeId)).toHaveLength(0);
    expect((await report(t.storeToken, { state: 'PLAYING', logs: many.slice(0, 200).map((l) => ({ ...l, playedMs: 86_400_000 })) })).body).toEqual({ recordedLogCount: 200 });
  });

  it('a play starting before 0001-01-01T00:00:00Z or after 9999-12-31 KST answers 400 VALIDATION_FAILED on its startedAt; plays at both ends are stored', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'TRUST');
    for (const startedAt of ['0001-01-01T08:59:59.999+09:00', '0000-06-01T00:00:00Z', '9999-12-31T15:00:00.000Z', '9999-12-31T23:59:59-14:00']) {
      const res = await report(t.storeToken, { state: 'PLAYING', logs: [log(m.id, startedAt)] });
      expect([res.status, res.body.error.code, res.body.error.details]).toEqual([
        400,
        'VALIDATION_FAILED',
        [{ field: 'logs.0.startedAt', code: 'CUSTOM', message: 'must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999+09:00' }],
      ]);
    }
    expect(await logsOf(t.storeId)).toHaveLength(0);
    const ends = await report(t.storeToken, { state: 'PLAYING', logs: [log(m.id, '0001-01-01T00:00:00.000Z'), log(m.id, '9999-12-31T23:59:59.999+09:00')] });
    expect(ends.body).toEqual({ recordedLogCount: 2 });
    expect((await totalsOf(t.storeId)).map((d) => d.day)).toEqual(['0001-01-01', '9999-12-31']);
  });

  it('hostile input (NUL bytes, lone surrogates, very long strings, wrong types) is a 4xx, never a 500', async () => {
    const t = h.tenant();
    const bodies: unknown[] = [
      { state: 'PLAYING', currentMusicId: 'a\u0000b' },
      { state: 'PLAYING', deviceId: '\uD800' },
      { state: 'PLAYING', logs: [{ musicId: 'x'.repeat(10_000), startedAt: '2026-03-01T00:00:00Z', playedMs: 1 }] },
      { state: 'PLAYING', logs: 'all of them' },
      { state: 'PLAYING', logs: [null] },
      [1, 2, 3],
      'PLAYING',
    ];
    for (const body of bodies) {
      const res = await h.api.unchecked('POST', REPORT, { token: t.storeToken, body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('a store organization does not know, a store of another HQ than the token\'s, or a non-store token is refused', async () => {
    const t = h.tenant();
    const ghost = h.env.sign({ role: 'STORE_MANAGER', storeId: newId() });
    const wrongHq = h.env.sign({ role: 'STORE_MANAGER', storeId: t.storeId, hqId: newId() });
    expect((await report(ghost, { state: 'PLAYING' })).body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    expect((await report(wrongHq, { state: 'PLAYING' })).body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    expect((await report(t.hqToken, { state: 'PLAYING' })).status).toBe(403);
    expect((await h.api('POST', REPORT, { body: { state: 'PLAYING' } })).status).toBe(401);
  });

  it('when the catalog is unreachable a report with logs answers 503 and stores nothing; the retry stores them', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'TRUST');
    const body = { state: 'PLAYING', logs: [log(m.id, '2026-03-01T08:00:00Z')] };
    h.catalog.unavailable = true;
    try {
      const res = await report(t.storeToken, body);
      expect([res.status, res.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(await stateOf(t.storeId)).toBeUndefined();
    } finally {
      h.catalog.unavailable = false;
    }
    expect((await report(t.storeToken, body)).body).toEqual({ recordedLogCount: 1 });
  });
});

describe('commercial plays in a report (commercialPlays)', () => {
  const play = (commercialId: unknown, extra: Record<string, unknown> = {}) => ({ commercialId, startedAt: '2026-03-01T23:40:00.000Z', playedMs: 15_000, ...extra });
  const playsOf = async (storeId: string) => (await h.pool.query('select commercial_id, device_id, started_at, played_ms from commercial_plays where store_id = $1', [storeId])).rows;

  it('a report without commercialPlays answers as before (recordedLogCount only); with them, also recordedCommercialCount', async () => {
    const t = h.tenant();
    const id = newId();
    h.commercials.add({ id, hqId: t.hqId });
    expect((await report(t.storeToken, { state: 'PLAYING', commercialPlays: null })).body).toEqual({ recordedLogCount: 0 });
    expect((await report(t.storeToken, { state: 'PLAYING', commercialPlays: [] })).body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 0 });
    expect((await report(t.storeToken, { state: 'PLAYING', commercialPlays: [play(id), play(id)] })).body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 1 });
    expect(await playsOf(t.storeId)).toEqual([{ commercial_id: id, device_id: null, started_at: new Date('2026-03-01T23:40:00.000Z'), played_ms: 15_000 }]);
  });

  it('a play is stored once per (store, commercial, startedAt), whichever of the store\'s devices reports it; playedMs is optional', async () => {
    const t = h.tenant();
    const id = newId();
    const deviceId = newId();
    h.organization.setDevice({ id: deviceId, storeId: t.storeId });
    h.commercials.add({ id, hqId: t.hqId });
    expect((await report(t.storeToken, { state: 'PLAYING', deviceId, commercialPlays: [play(id, { playedMs: undefined, startedAt: '2026-03-02T08:40:00.000+09:00' })] })).body.recordedCommercialCount).toBe(1);
    expect((await report(t.storeToken, { state: 'PLAYING', commercialPlays: [play(id, { playedMs: null })] })).body.recordedCommercialCount).toBe(0);
    expect(await playsOf(t.storeId)).toEqual([{ commercial_id: id, device_id: deviceId, started_at: new Date('2026-03-01T23:40:00.000Z'), played_ms: null }]);
  });

  it('hostile commercialPlays (wrong types, NUL bytes, lone surrogates, more than 20, huge arrays, bad instants) answer 400 VALIDATION_FAILED, never a 500, and store nothing', async () => {
    const t = h.tenant();
    const id = newId();
    h.commercials.add({ id, hqId: t.hqId });
    const m = musicOf(h, 'AI');
    const bodies: unknown[] = [
      { state: 'PLAYING', commercialPlays: 'all of them' },
      { state: 'PLAYING', commercialPlays: { commercialId: id } },
      { state: 'PLAYING', commercialPlays: [null] },
      { state: 'PLAYING', commercialPlays: [7] },
      { state: 'PLAYING', commercialPlays: [[id]] },
      { state: 'PLAYING', commercialPlays: [play(42)] },
      { state: 'PLAYING', commercialPlays: [play(null)] },
      { state: 'PLAYING', commercialPlays: [{ startedAt: '2026-03-01T23:40:00.000Z' }] },
      { state: 'PLAYING', commercialPlays: [{ commercialId: id }] },
      { state: 'PLAYING', commercialPlays: [play(`${id}\u0000`)] },
      { state: 'PLAYING', commercialPlays: [play('\u0000'.repeat(36))] },
      { state: 'PLAYING', commercialPlays: [play(id.replace(/.$/, '\uD800'))] },
      { state: 'PLAYING', commercialPlays: [play('x'.repeat(100_000))] },
      { state: 'PLAYING', commercialPlays: [play(id, { startedAt: '2026-03-01T23:40:00\u0000Z' })] },
      { state: 'PLAYING', commercialPlays: [play(id, { startedAt: 'yesterday' })] },
      { state: 'PLAYING', commercialPlays: [play(id, { startedAt: 1_772_400_000_000 })] },
      { state: 'PLAYING', commercialPlays: [play(id, { startedAt: '0000-06-01T00:00:00Z' })] },
      { state: 'PLAYING', commercialPlays: [play(id, { playedMs: -1 })] },
      { state: 'PLAYING', commercialPlays: [play(id, { playedMs: 1.5 })] },
      { state: 'PLAYING', commercialPlays: [play(id, { playedMs: 86_400_001 })] },
      { state: 'PLAYING', commercialPlays: [play(id, { playedMs: '15000' })] },
      { state: 'PLAYING', commercialPlays: Array.from({ length: 21 }, (_, i) => play(id, { startedAt: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString() })) },
      { state: 'PLAYING', commercialPlays: Array.from({ length: 5_000 }, () => play(id)) },
      // A valid batch of logs does not carry a bad commercial play through.
      { state: 'PLAYING', logs: [log(m.id, '2026-03-01T23:00:00Z')], commercialPlays: [play('not-a-uuid')] },
    ];
    for (const body of bodies) {
      const res = await h.api.unchecked('POST', REPORT, { token: t.storeToken, body });
      expect([res.status, res.body.success, res.body.error?.code]).toEqual([400, false, 'VALIDATION_FAILED']);
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^commercialPlays/) })]));
    }
    expect(await playsOf(t.storeId)).toEqual([]);
    expect(await logsOf(t.storeId)).toEqual([]);
    expect(await stateOf(t.storeId)).toBeUndefined();
    // Twenty are accepted.
    const twenty = Array.from({ length: 20 }, (_, i) => play(id, { startedAt: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString() }));
    expect((await report(t.storeToken, { state: 'PLAYING', commercialPlays: twenty })).body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 20 });
  });
});

describe('retried reports (batches the reporter recorded lately)', () => {
  const totalsRowsOf = async (storeId: string) => (await h.pool.query('select * from playback_daily_totals where store_id = $1 order by day', [storeId])).rows;
  const batch = (n: number, hour = 10) => {
    const music = Array.from({ length: n }, (_, i) => musicOf(h, i % 2 ? 'AI' : 'TRUST'));
    return music.map((m, i) => log(m.id, new Date(Date.UTC(2026, 2, 1, hour, i)).toISOString(), { cacheHit: i % 3 === 0 }));
  };

  it('a retry answers recordedLogCount 0 and leaves logs and totals untouched (updated_at too), while the state and last-signal time are updated', async () => {
    const t = h.tenant();
    const logs = batch(6);
    expect((await report(t.storeToken, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 6 });
    const totals = await totalsRowsOf(t.storeId);
    h.clock.advance(30_000);
    // The same plays in another order, with other playedMs / cacheHit: still the same plays.
    const again = [...logs].reverse().map((l) => ({ ...l, playedMs: 1000, cacheHit: null }));
    expect((await report(t.storeToken, { state: 'PAUSED', currentMusicId: logs[0]!.musicId, logs: again })).body).toEqual({ recordedLogCount: 0 });
    expect((await report(t.storeToken, { state: 'PAUSED', logs })).body).toEqual({ recordedLogCount: 0 });
    expect(await logsOf(t.storeId)).toHaveLength(6);
    expect(await totalsRowsOf(t.storeId)).toEqual(totals);
    expect(await stateOf(t.storeId)).toEqual(expect.objectContaining({ state: 'PAUSED', current_music_id: null, last_signal_at: new Date('2026-03-02T00:00:30.000Z') }));
    // The throttle saw the previous signal: the state change is signalled, the repeat is not.
    const events = (await outboxEvents(h.pool, 'playback.store.signal')).filter((e) => e.storeId === t.storeId).map((e) => e.state);
    expect(events).toEqual(['PLAYING', 'PAUSED']);
  });

  it('a batch with one more play than the last one stores that play only; an empty report in between changes nothing of it', async () => {
    const t = h.tenant();
    const logs = batch(4);
    await report(t.storeToken, { state: 'PLAYING', logs });
    expect((await report(t.storeToken, { state: 'PLAYING' })).body).toEqual({ recordedLogCount: 0 });
    expect((await report(t.storeToken, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 0 });
    const more = [...logs, ...batch(1, 12)];
    expect((await report(t.storeToken, { state: 'PLAYING', logs: more })).body).toEqual({ recordedLogCount: 1 });
    expect(await logsOf(t.storeId)).toHaveLength(5);
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ trust_count: 3, non_trust_count: 2 })]);
  });

  it('a retry of any of the last batches records nothing, whatever the order the player resends them in', async () => {
    const t = h.tenant();
    const batches = Array.from({ length: 10 }, (_, k) => batch(3, k));
    for (const logs of batches) expect((await report(t.storeToken, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 3 });
    for (const logs of [...batches].reverse()) expect((await report(t.storeToken, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 0 });
    expect(await logsOf(t.storeId)).toHaveLength(30);
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ trust_count: 20, non_trust_count: 10 })]);
  });

  it('an identical pair sent at once records once; its retries record nothing', async () => {
    const t = h.tenant();
    const body = { state: 'PLAYING', logs: batch(10) };
    const pair = await Promise.all([report(t.storeToken, body), report(t.storeToken, body)]);
    expect(pair.map((a) => a.body.recordedLogCount).sort()).toEqual([0, 10]);
    const retries = await Promise.all([report(t.storeToken, body), report(t.storeToken, body)]);
    expect(retries.map((a) => a.body)).toEqual([{ recordedLogCount: 0 }, { recordedLogCount: 0 }]);
    expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ trust_count: 5, non_trust_count: 5 })]);
  });

  it('the database decides across replicas: each answers from the state row, not from its own memory', async () => {
    // A second instance of the service on the same database (another replica behind the gateway).
    const replica = await start(loadPlaybackConfig(h.env.env({ PLAYBACK_PEER_CACHE_TTL_MS: '0' })), {
      clock: h.clock,
      organization: h.service.context.organization,
      catalog: h.service.context.catalog,
      commercials: h.service.context.commercials,
    });
    try {
      const other = apiClient(replica.httpUrl, replica.api);
      const viaReplica = (token: string, body: Record<string, unknown>) => other('POST', REPORT, { token, body });
      const t = h.tenant();
      const a = batch(3);
      const b = [...a, ...batch(2, 12)];
      expect((await report(t.storeToken, { state: 'PLAYING', logs: a })).body).toEqual({ recordedLogCount: 3 });
      // The retry reaches the other replica, which never saw the batch.
      expect((await viaReplica(t.storeToken, { state: 'PLAYING', logs: a })).body).toEqual({ recordedLogCount: 0 });
      // The next batch goes through the other replica; a late retry of the first comes back here.
      expect((await viaReplica(t.storeToken, { state: 'PLAYING', logs: b })).body).toEqual({ recordedLogCount: 2 });
      expect((await report(t.storeToken, { state: 'SILENT', logs: a })).body).toEqual({ recordedLogCount: 0 });
      expect((await report(t.storeToken, { state: 'SILENT', logs: b })).body).toEqual({ recordedLogCount: 0 });
      expect(await logsOf(t.storeId)).toHaveLength(5);
      expect(await totalsOf(t.storeId)).toEqual([expect.objectContaining({ trust_count: 3, non_trust_count: 2 })]);
      expect(await stateOf(t.storeId)).toEqual(expect.objectContaining({ state: 'SILENT' }));

      // Logs and state row gone from the database behind this replica's back (its memory still
      // names the batch): the state row decides, so the batch is recorded in full again.
      await h.pool.query('delete from playback_logs where store_id = $1', [t.storeId]);
      await h.pool.query('delete from playback_states where reporter_id = $1', [t.storeId]);
      expect((await report(t.storeToken, { state: 'SILENT', logs: b })).body).toEqual({ recordedLogCount: 5 });
    } finally {
      await replica.stop();
    }
  });
});
