import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { refreshSignaturesQueries } from './search.sql';
import type { DbExecutor, Paging } from '@storecast/service-kit';
import { offsetOf } from '@storecast/service-kit';
import type { MusicSource } from '../domain/enums';
import { libraryMusic, music, musicMoods, tagOptions, type MusicRow, type TagOptionRow } from './schema';

/** `%` and `_` of a search text match themselves. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const insertMusic = (tx: DbExecutor, row: typeof music.$inferInsert) => tx.insert(music).values(row);

export const findActiveMusic = async (db: DbExecutor, id: string, options: { forUpdate?: boolean } = {}): Promise<MusicRow | undefined> => {
  const query = db.select().from(music).where(and(eq(music.id, id), isNull(music.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
};

export const listActiveMusic = async (
  db: DbExecutor,
  filter: { q?: string; musicSource?: MusicSource },
  paging: Paging,
): Promise<{ rows: MusicRow[]; total: number }> => {
  const where = and(
    isNull(music.deletedAt),
    filter.q ? ilike(music.title, likePattern(filter.q)) : undefined,
    filter.musicSource ? eq(music.musicSource, filter.musicSource) : undefined,
  );
  const rows = await db.select().from(music).where(where).orderBy(desc(music.createdAt), desc(music.id)).limit(paging.size).offset(offsetOf(paging));
  const [total] = await db.select({ n: count() }).from(music).where(where);
  return { rows, total: total?.n ?? 0 };
};

/** Soft delete; false when the music is missing or already deleted. */
export const softDeleteMusic = async (tx: DbExecutor, id: string, at: Date): Promise<MusicRow | undefined> => {
  const [row] = await tx
    .update(music)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(music.id, id), isNull(music.deletedAt)))
    .returning();
  return row;
};

export const updateMusicFile = (tx: DbExecutor, id: string, values: { title: string; sizeBytes: number; updatedAt: Date }) =>
  tx.update(music).set(values).where(eq(music.id, id));

export const findActiveMusicByIds = (db: DbExecutor, ids: readonly string[]): Promise<MusicRow[]> =>
  ids.length ? db.select().from(music).where(and(inArray(music.id, [...ids]), isNull(music.deletedAt))) : Promise.resolve([]);

/** Music by ids, soft-deleted included (other services resolve ids they logged earlier). */
export const findMusicByIds = (db: DbExecutor, ids: readonly string[]): Promise<MusicRow[]> =>
  ids.length ? db.select().from(music).where(inArray(music.id, [...ids])) : Promise.resolve([]);

export interface MusicTags {
  genre: TagOptionRow | null;
  moods: TagOptionRow[];
}

/** Genre and moods of each music (moods by sort order, value). */
export const tagsOfMusic = async (db: DbExecutor, rows: readonly MusicRow[]): Promise<Map<string, MusicTags>> => {
  const result = new Map<string, MusicTags>(rows.map((r) => [r.id, { genre: null, moods: [] }]));
  if (!rows.length) return result;
  const genreIds = [...new Set(rows.map((r) => r.genreId).filter((g): g is string => g !== null))];
  const genres = genreIds.length ? await db.select().from(tagOptions).where(inArray(tagOptions.id, genreIds)) : [];
  const byId = new Map(genres.map((g) => [g.id, g]));
  for (const r of rows) if (r.genreId) result.get(r.id)!.genre = byId.get(r.genreId) ?? null;
  const moods = await db
    .select({ musicId: musicMoods.musicId, option: tagOptions })
    .from(musicMoods)
    .innerJoin(tagOptions, eq(tagOptions.id, musicMoods.moodId))
    .where(inArray(musicMoods.musicId, rows.map((r) => r.id)))
    .orderBy(asc(tagOptions.sortOrder), asc(tagOptions.value), asc(tagOptions.id));
  for (const m of moods) result.get(m.musicId)!.moods.push(m.option);
  return result;
};

export const moodIdsOfMusic = async (db: DbExecutor, musicId: string): Promise<string[]> =>
  (await db.select({ id: musicMoods.moodId }).from(musicMoods).where(eq(musicMoods.musicId, musicId))).map((r) => r.id);

export const setMusicTags = async (tx: DbExecutor, musicId: string, genreId: string, moodIds: readonly string[], at: Date) => {
  await tx.update(music).set({ genreId, updatedAt: at }).where(eq(music.id, musicId));
  await tx.delete(musicMoods).where(eq(musicMoods.musicId, musicId));
  if (moodIds.length) await tx.insert(musicMoods).values(moodIds.map((moodId) => ({ musicId, moodId, createdAt: at })));
  // The search ranks by (genre, moods) combination: keep the music's signature in step.
  for (const q of refreshSignaturesQueries([musicId])) await tx.execute(sql.raw(bindLiterals(q.text, q.values)));
};

/** Inlines uuid[] parameters as literals (drizzle's execute takes SQL, the shared statements use $n). */
const bindLiterals = (text: string, values: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, i) => {
    const v = values[Number(i) - 1];
    return Array.isArray(v) ? `'{${v.map((x) => String(x).replace(/[^0-9a-f-]/gi, '')).join(',')}}'` : 'null';
  });

/** Music deleted before `before`, locked for this purge run; replicas skip each other's rows. */
export const lockPurgeableMusic = (tx: DbExecutor, before: Date, limit: number): Promise<MusicRow[]> =>
  tx
    .select()
    .from(music)
    .where(and(isNotNull(music.deletedAt), lt(music.deletedAt, before)))
    .orderBy(asc(music.deletedAt), asc(music.id))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Removes purged music for good: library links and moods first, then the rows. */
export const deleteMusicForGood = async (tx: DbExecutor, ids: readonly string[]): Promise<void> => {
  if (!ids.length) return;
  await tx.delete(libraryMusic).where(inArray(libraryMusic.musicId, [...ids]));
  await tx.delete(musicMoods).where(inArray(musicMoods.musicId, [...ids]));
  await tx.delete(music).where(inArray(music.id, [...ids]));
};
