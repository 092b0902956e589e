import { createHash } from 'node:crypto';
import { kstDay, type KstDay } from './kst';

export type MusicSource = 'AI' | 'TRUST';

/** A log as the player reports it (validated by the route). */
export interface ReportedLog {
  musicId: string;
  libraryId: string | null;
  startedAt: Date;
  playedMs: number;
  cacheHit: boolean | null;
}

/** What the catalog says of a music (unknown music is absent). */
export interface KnownMusic {
  title: string;
  musicSource: MusicSource;
}

/** A log ready to be stored: is_trust from the music's source, its KST day. */
export interface LogRow extends ReportedLog {
  musicTitle: string;
  musicSource: MusicSource;
  isTrust: boolean;
  kstDay: KstDay;
}

/**
 * The logs to store: those of known music (a log for an unknown music is skipped, the rest kept),
 * each with is_trust from its music's source and the KST day of its start. Sorted by music and
 * start so that concurrent reports of the same plays take their index locks in the same order
 * (no deadlock between identical retries).
 */
export const logRows = (logs: readonly ReportedLog[], music: ReadonlyMap<string, KnownMusic>): { rows: LogRow[]; skipped: number } => {
  const rows: LogRow[] = [];
  for (const log of logs) {
    const musicId = log.musicId.toLowerCase();
    const known = music.get(musicId);
    if (!known) continue;
    rows.push({
      musicId,
      libraryId: log.libraryId,
      startedAt: log.startedAt,
      playedMs: log.playedMs,
      cacheHit: log.cacheHit,
      musicTitle: known.title,
      musicSource: known.musicSource,
      isTrust: known.musicSource === 'TRUST',
      kstDay: kstDay(log.startedAt),
    });
  }
  const at = rows.map((r) => r.startedAt.getTime());
  const order = rows.map((_, i) => i).sort((i, j) => (rows[i]!.musicId === rows[j]!.musicId ? at[i]! - at[j]! : rows[i]!.musicId < rows[j]!.musicId ? -1 : 1));
  return { rows: order.map((i) => rows[i]!), skipped: logs.length - rows.length };
};

/**
 * The digest of a batch's plays: its distinct (music, startedAt) keys — what a log is deduplicated
 * on within one reporter — in logRows' order, so the same plays in another order, with another
 * playedMs or cacheHit, or repeated, give the same digest. null for a batch with nothing to store.
 * Two batches of one reporter with the same digest store the same logs: once one of them was
 * recorded, the other would record none.
 */
export const batchDigest = (rows: readonly LogRow[]): string | null => {
  if (rows.length === 0) return null;
  let keys = '';
  let previous = '';
  for (const row of rows) {
    const key = `${row.musicId} ${row.startedAt.getTime()}\n`;
    if (key !== previous) keys += key;
    previous = key;
  }
  // 128 bits are plenty among one reporter's few recent batches, and keep the stored list small.
  return createHash('sha256').update(keys).digest().subarray(0, 16).toString('base64url');
};

/** How many of a reporter's last recorded batches a retry is recognized from (per reporter, in the state row). */
export const RECENT_BATCHES = 8;

/** The distinct music ids a report asks the catalog about (lowercase, UUIDs only: others cannot be known). */
export const musicIdsOf = (logs: readonly ReportedLog[]): string[] => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  return [...new Set(logs.map((l) => l.musicId.toLowerCase()).filter((id) => uuid.test(id)))];
};

/** Cache hit rate over the logs that reported cacheHit; null when none did. */
export const hitRate = (hits: number, misses: number): number | null => (hits + misses === 0 ? null : hits / (hits + misses));
