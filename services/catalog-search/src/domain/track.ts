/** What the public catalog and the search API show of a music. */
/** A live music with its genre (spec 01 Track), timestamps as Dates. */
export interface TrackRow {
  id: string;
  durationSeconds: number;
  fileKey: string;
  createdAt: Date;
  updatedAt: Date;
  genre: { id: string; name: string; createdAt: Date; updatedAt: Date; deletedAt: Date | null };
  moods: Array<{ moodId: string; name: string; createdAt: Date; updatedAt: Date; deletedAt: Date | null }>;
}

