import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import type { TrackRow } from '../domain/track';

/** Spec 01 § Errors: the exact messages. */
export const CATALOG_MESSAGES = {
  takeLimit: 'Take number has exceeded the limit. Take <= 100',
  takeMissing: 'Number of music tracks to be called is missing.',
  duration: 'Invalid duration input.',
  invalid: 'Invalid Parameter Value',
  notFound: 'Requested resource was not found.',
  unknown: 'Unknown error has occurred.',
} as const;

/** The message of an invalid catalog request: take over 100, take missing, duration, else "Invalid Parameter Value". */
export const catalogInvalidMessage = (details: Array<{ message: string }>): string =>
  [CATALOG_MESSAGES.takeLimit, CATALOG_MESSAGES.takeMissing, CATALOG_MESSAGES.duration].find((m) => details.some((d) => d.message === m)) ?? CATALOG_MESSAGES.invalid;

export const CATALOG_ERRORS = {
  400: [CATALOG_MESSAGES.takeLimit, CATALOG_MESSAGES.takeMissing, CATALOG_MESSAGES.duration, CATALOG_MESSAGES.invalid],
  500: [CATALOG_MESSAGES.unknown],
};

const issue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};
const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

const take = z
  .unknown()
  .transform((v, ctx) => {
    if (blank(v)) return issue(ctx, CATALOG_MESSAGES.takeMissing);
    if (typeof v !== 'string' || !/^\s*\d{1,9}\s*$/.test(v)) return issue(ctx, CATALOG_MESSAGES.invalid);
    const n = Number(v);
    if (n > 100) return issue(ctx, CATALOG_MESSAGES.takeLimit);
    if (n < 1) return issue(ctx, CATALOG_MESSAGES.invalid);
    return n;
  })
  .openapi({ type: 'integer', minimum: 1, maximum: 100, description: 'Page size, 1 to 100 (required)' });

const skip = z
  .unknown()
  .transform((v, ctx) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : issue(ctx, CATALOG_MESSAGES.invalid)))
  .openapi({ type: 'integer', minimum: 0, maximum: 999_999_999, description: 'Rows skipped (required)' });

const duration = z
  .unknown()
  .transform((v, ctx) => {
    if (blank(v)) return undefined;
    const n = typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
    return Number.isFinite(n) && n <= 86_400 ? n : issue(ctx, CATALOG_MESSAGES.duration);
  })
  .optional()
  .openapi({ type: 'number', minimum: 0, maximum: 86400, description: 'Seconds, inclusive; a number ≥ 0 (start ≤ end)' });

const tagName = (what: string) =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (blank(v)) return undefined;
      return typeof v === 'string' && v.length <= 100 ? v.trim() : issue(ctx, CATALOG_MESSAGES.invalid);
    })
    .optional()
    .openapi({ type: 'string', maxLength: 100, description: `One ${what} by name (case-insensitive); an unknown name selects nothing` });

const filterShape = { genre: tagName('genre'), mood: tagName('mood'), duration_start: duration, duration_end: duration, take };

const durationOrder = (q: { duration_start?: number; duration_end?: number }, ctx: z.RefinementCtx) => {
  if (q.duration_start !== undefined && q.duration_end !== undefined && q.duration_start > q.duration_end) ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.duration, path: ['duration_start'] });
};

const uuid = z
  .unknown()
  .transform((v, ctx) => (typeof v === 'string' && uuidSchema().safeParse(v).success ? v.toLowerCase() : issue(ctx, CATALOG_MESSAGES.invalid)))
  .openapi({ type: 'string', format: 'uuid' });

const optionalUuid = z
  .unknown()
  .transform((v, ctx) => (blank(v) ? undefined : typeof v === 'string' && uuidSchema().safeParse(v).success ? v.toLowerCase() : issue(ctx, CATALOG_MESSAGES.invalid)))
  .optional()
  .openapi({ type: 'string', format: 'uuid', description: 'Id of the last track the client holds (with created_at)' });

const optionalInstant = z
  .unknown()
  .transform((v, ctx) => {
    if (blank(v)) return undefined;
    if (typeof v !== 'string' || !z.iso.datetime({ offset: true }).safeParse(v.trim()).success) return issue(ctx, CATALOG_MESSAGES.invalid);
    return new Date(v.trim());
  })
  .optional()
  .openapi({ type: 'string', format: 'date-time', description: 'created_at of that track, ISO 8601 (as the cursor returned it)' });

export const CursorQuery = z
  .object({ ...filterShape, id: optionalUuid, created_at: optionalInstant })
  .superRefine((q, ctx) => {
    durationOrder(q, ctx);
    if ((q.id === undefined) !== (q.created_at === undefined)) ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.invalid, path: ['id'] });
  });

export const OffsetQuery = z.object({ ...filterShape, skip }).superRefine(durationOrder);

export const TrackQuery = z.object({ id: uuid.openapi({ description: 'Track id (documented optional by spec 01; absent → 400 Invalid Parameter Value)' }) });

const ts = () => z.iso.datetime();

export const GenreSchema = z.object({ id: uuidSchema(), name: z.string(), created_at: ts(), updated_at: ts(), deleted_at: ts().nullable() }).openapi('Genre');
export const MoodLinkSchema = z
  .object({
    music_id: uuidSchema(),
    mood_id: uuidSchema(),
    detail: z.object({ name: z.string(), created_at: ts(), updated_at: ts(), deleted_at: ts().nullable() }),
  })
  .openapi('MoodLink');
export const TrackSchema = z
  .object({
    id: uuidSchema(),
    duration: z.number(),
    source: z.string(),
    created_at: ts(),
    updated_at: ts(),
    deleted_at: ts().nullable(),
    genre: GenreSchema,
    moods: z.array(MoodLinkSchema),
  })
  .openapi('Track');
export const CursorSchema = z.object({ id: uuidSchema(), created_at: ts() }).openapi('Cursor');
export const CursorPageSchema = z.object({ musics: z.array(TrackSchema), cursor: CursorSchema.nullable() }).openapi('TrackCursorPage');
export const PageMetaSchema = z
  .object({ total_count: z.number().int(), total_pages: z.number().int(), current_page: z.number().int(), has_next_page: z.boolean(), has_previous_page: z.boolean() })
  .openapi('PageMeta');
export const OffsetPageSchema = z.object({ musics: z.array(TrackSchema), meta: PageMetaSchema }).openapi('TrackOffsetPage');

export type Track = z.input<typeof TrackSchema>;

/** Track.source: a stable URL of the stored file. Timestamps are already spec 01's ISO text (TrackRow). */
export const toTrack = (row: TrackRow, sourceBase: string): Track => ({
  id: row.id,
  duration: row.durationSeconds,
  source: `${sourceBase}/${row.fileKey}`,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  deleted_at: null,
  genre: { id: row.genre.id, name: row.genre.name, created_at: row.genre.createdAt, updated_at: row.genre.updatedAt, deleted_at: row.genre.deletedAt },
  moods: row.moods.map((m) => ({
    music_id: row.id,
    mood_id: m.moodId,
    detail: { name: m.name, created_at: m.createdAt, updated_at: m.updatedAt, deleted_at: m.deletedAt },
  })),
});

/** PageMeta of offset mode: pages of `take`, the current one is the page holding row skip + 1. */
export const pageMeta = (total: number, take: number, skip: number): z.input<typeof PageMetaSchema> => ({
  total_count: total,
  total_pages: Math.ceil(total / take),
  current_page: Math.floor(skip / take) + 1,
  has_next_page: skip + take < total,
  has_previous_page: skip > 0,
});
