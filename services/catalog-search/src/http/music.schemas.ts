import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import type { TagOptionRow } from '../app/models';
import type { MusicView } from '../app/music-view';
import { iso, musicSourceSchema, nameText, searchText, timestamp } from './common.schemas';

export const MusicTagRefSchema = z
  .object({ id: uuidSchema(), type: z.enum(['GENRE', 'MOOD']), value: z.string(), active: z.boolean() })
  .openapi('MusicTagRef', { description: 'A tag option on a music; a deactivated option stays on the music it tags (active false).' });

export const MusicListItemSchema = z
  .object({
    id: uuidSchema(),
    title: z.string(),
    durationSeconds: z.number(),
    musicSource: musicSourceSchema,
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .openapi('MusicListItem');

export const MusicListResponseSchema = z
  .object({ items: z.array(MusicListItemSchema), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi('MusicListResponse');

export const MusicResponseSchema = MusicListItemSchema.extend({
  audioUrl: z.string().openapi({ description: 'Presigned GET URL of the MP3, valid S3_PRESIGN_TTL_SECONDS (15 minutes by default).' }),
  genre: MusicTagRefSchema.nullable().openapi({ description: 'The one genre; null until the operator sets it.' }),
  moods: z.array(MusicTagRefSchema),
}).openapi('MusicResponse');

export const ListMusicQuery = z.object({ q: searchText(), musicSource: musicSourceSchema.optional(), ...pagingSchema().shape });

export const UploadMusicQuery = z.object({
  title: nameText(200),
  durationSeconds: z.coerce.number().positive().max(86_400),
  musicSource: musicSourceSchema,
});

export const ReplaceMusicFileQuery = z.object({ title: nameText(200).optional() });

export const MultipartFileSchema = z.object({ file: z.string().openapi({ type: 'string', format: 'binary', description: 'The MP3, at most 20 MB' }) });

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

export const SetMusicTagsRequestSchema = z
  .strictObject({
    genreId: uuidSchema(),
    moodIds: z.array(uuidSchema()).max(20).refine(uniqueIds, 'mood ids must be unique').default([]),
  })
  .openapi('SetMusicTagsRequest');

export const tagRef = (o: TagOptionRow) => ({ id: o.id, type: o.type, value: o.value, active: o.deactivatedAt === null });

export const toMusicListItem = ({ music }: MusicView): z.input<typeof MusicListItemSchema> => ({
  id: music.id,
  title: music.title,
  durationSeconds: music.durationSeconds,
  musicSource: music.musicSource,
  createdAt: iso(music.createdAt),
  updatedAt: iso(music.updatedAt),
});

export const toMusicResponse = (view: MusicView): z.input<typeof MusicResponseSchema> => ({
  ...toMusicListItem(view),
  audioUrl: view.audioUrl!,
  genre: view.tags.genre ? tagRef(view.tags.genre) : null,
  moods: view.tags.moods.map(tagRef),
});

