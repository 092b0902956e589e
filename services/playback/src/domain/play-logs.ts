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

/** The distinct music ids a report asks the catalog about (lowercase, UUIDs only: others cannot be known). */
export const musicIdsOf = (logs: readonly ReportedLog[]): string[] => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  return [...new Set(logs.map((l) => l.musicId.toLowerCase()).filter((id) => uuid.test(id)))];
};

/** Cache hit rate over the logs that reported cacheHit; null when none did. */
export const hitRate = (hits: number, misses: number): number | null => (hits + misses === 0 ? null : hits / (hits + misses));
