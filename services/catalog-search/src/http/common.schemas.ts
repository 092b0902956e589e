import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import { MUSIC_SOURCES } from '../domain/enums';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text stored or searched: no NUL (PostgreSQL refuses it) and no lone surrogate halves. */
export const safeText = () =>
  z
    .string()
    .refine((v) => !v.includes('\u0000'), 'must not contain NUL characters')
    .refine((v) => !LONE_SURROGATE.test(v), 'must be well-formed Unicode');

/** A name or title: trimmed, not blank, at most `max` characters. */
export const nameText = (max: number) => safeText().transform((v) => v.trim()).pipe(z.string().min(1).max(max));

/** Search text of lists: at most 100 characters (spec 02 § Limits), blank means none. */
export const searchText = () =>
  safeText()
    .max(100)
    .transform((v) => v.trim() || undefined)
    .optional();

export const musicSourceSchema = z.enum(MUSIC_SOURCES);
export const timestamp = () => z.iso.datetime({ offset: false });
export const iso = (d: Date) => d.toISOString();

/** A playlist named by id and name (store detail, assignments). */
export const PlaylistRefSchema = z.object({ id: uuidSchema(), name: z.string() }).openapi('PlaylistRef');
