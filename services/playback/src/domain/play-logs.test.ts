import { batchDigest, hitRate, logRows, musicIdsOf, type KnownMusic, type ReportedLog } from './play-logs';

const M1 = '0190a000-0000-7000-8000-000000000001';
const M2 = '0190a000-0000-7000-8000-000000000002';
const log = (musicId: string, startedAt: string, extra: Partial<ReportedLog> = {}): ReportedLog => ({
  musicId,
  libraryId: null,
  startedAt: new Date(startedAt),
  playedMs: 1000,
  cacheHit: null,
  ...extra,
});

describe('play logs', () => {
  const music = new Map<string, KnownMusic>([
    [M1, { title: 'Trust song', musicSource: 'TRUST' }],
    [M2, { title: 'AI song', musicSource: 'AI' }],
  ]);

  it('logs of unknown music are skipped and the rest kept with is_trust from the source and the KST day', () => {
    const { rows, skipped } = logRows(
      [log(M2, '2026-03-01T15:00:00.000Z'), log('0190a000-0000-7000-8000-0000000000ff', '2026-03-01T10:00:00.000Z'), log(M1, '2026-03-01T14:59:59.999Z')],
      music,
    );
    expect(skipped).toBe(1);
    expect(rows.map((r) => [r.musicId, r.isTrust, r.kstDay, r.musicTitle])).toEqual([
      [M1, true, '2026-03-01', 'Trust song'],
      [M2, false, '2026-03-02', 'AI song'],
    ]);
  });

  it('rows are ordered by music then start, whatever the reported order', () => {
    const { rows } = logRows([log(M1, '2026-03-01T02:00:00Z'), log(M2, '2026-03-01T00:00:00Z'), log(M1, '2026-03-01T01:00:00Z')], music);
    expect(rows.map((r) => `${r.musicId.slice(-1)}@${r.startedAt.toISOString().slice(11, 13)}`)).toEqual(['1@01', '1@02', '2@00']);
  });

  it('only UUID music ids are asked about, once each, case-insensitively', () => {
    expect(musicIdsOf([log(M1.toUpperCase(), '2026-03-01T00:00:00Z'), log(M1, '2026-03-01T01:00:00Z'), log('not-a-uuid', '2026-03-01T00:00:00Z')])).toEqual([M1]);
  });

  it('a batch digest names its plays (music, startedAt): order, playedMs, cacheHit and repeats do not change it', () => {
    const digestOf = (logs: ReportedLog[]) => batchDigest(logRows(logs, music).rows);
    const a = [log(M1, '2026-03-01T01:00:00Z'), log(M2, '2026-03-01T01:05:00Z')];
    const same = [log(M2, '2026-03-01T10:05:00+09:00', { playedMs: 5, cacheHit: true }), log(M1, '2026-03-01T01:00:00.000Z'), log(M1, '2026-03-01T01:00:00Z')];
    expect(digestOf(same)).toBe(digestOf(a));
    expect(digestOf([...a, log(M1, '2026-03-01T01:10:00Z')])).not.toBe(digestOf(a));
    expect(digestOf([log(M1, '2026-03-01T01:00:00.001Z'), a[1]!])).not.toBe(digestOf(a));
    expect(digestOf([log(M2, '2026-03-01T01:00:00Z'), log(M1, '2026-03-01T01:05:00Z')])).not.toBe(digestOf(a));
    // Unknown music is not stored, so it is not part of the digest; nothing to store has none.
    expect(digestOf([...a, log('0190a000-0000-7000-8000-0000000000ff', '2026-03-01T02:00:00Z')])).toBe(digestOf(a));
    expect(digestOf([])).toBeNull();
  });

  it('hit rate leaves out logs without cacheHit', () => {
    expect(hitRate(3, 1)).toBe(0.75);
    expect(hitRate(0, 0)).toBeNull();
  });
});
