/** What the public catalog and the search API show of a music. */
/**
 * A live music with its genre (spec 01 Track). Timestamps are ISO 8601 instants in UTC with
 * milliseconds (`2026-01-01T00:00:00.000Z`), as the response shows them (formatted by the query).
 */
export type Instant = string;

export interface TrackRow {
  id: string;
  durationSeconds: number;
  fileKey: string;
  createdAt: Instant;
  updatedAt: Instant;
  genre: { id: string; name: string; createdAt: Instant; updatedAt: Instant; deletedAt: Instant | null };
  moods: Array<{ moodId: string; name: string; createdAt: Instant; updatedAt: Instant; deletedAt: Instant | null }>;
}

