import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import type { LibraryView } from '../app/libraries.use-case';
import type { MusicRow } from '../app/models';
import { iso, musicSourceSchema, nameText, searchText, timestamp } from './common.schemas';

export const LibraryResponseSchema = z
  .object({
    id: uuidSchema(),
    name: z.string(),
    type: musicSourceSchema,
    trackCount: z.number().int(),
    playlistCount: z.number().int().openapi({ description: 'Live playlists using it: of the own HQ in HQ views, of every HQ for operators.' }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .openapi('LibraryResponse');

export const LibraryListResponseSchema = z
  .object({ items: z.array(LibraryResponseSchema), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi('LibraryListResponse');

export const LibraryMusicItemSchema = z
  .object({
    id: uuidSchema(),
    title: z.string(),
    durationSeconds: z.number(),
    createdAt: timestamp().openapi({ description: 'When the music was added to the library' }),
    updatedAt: timestamp(),
  })
  .openapi('LibraryMusicItem');

export const LibraryMusicListResponseSchema = z
  .object({ items: z.array(LibraryMusicItemSchema), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi('LibraryMusicListResponse');

export const ListLibrariesQuery = z.object({ q: searchText(), type: musicSourceSchema.optional(), ...pagingSchema().shape });
export const PagingQuery = pagingSchema();

export const CreateLibraryRequestSchema = z.strictObject({ name: nameText(100), type: musicSourceSchema }).openapi('CreateLibraryRequest');
/** The type is immutable: sending it is a validation error (unknown key). */
export const UpdateLibraryRequestSchema = z.strictObject({ name: nameText(100) }).openapi('UpdateLibraryRequest');

export const AddLibraryMusicRequestSchema = z.strictObject({ musicIds: z.array(uuidSchema()).min(1).max(500) }).openapi('AddLibraryMusicRequest');
export const AddLibraryMusicResponseSchema = z
  .object({ libraryId: uuidSchema(), addedCount: z.number().int().openapi({ description: 'Music newly added (already present ones are not counted)' }), trackCount: z.number().int() })
  .openapi('AddLibraryMusicResponse');

export const toLibrary = (l: LibraryView): z.input<typeof LibraryResponseSchema> => ({
  id: l.id,
  name: l.name,
  type: l.type,
  trackCount: l.trackCount,
  playlistCount: l.playlistCount,
  createdAt: iso(l.createdAt),
  updatedAt: iso(l.updatedAt),
});

export const toLibraryMusicItem = (r: { music: MusicRow; assignedAt: Date }): z.input<typeof LibraryMusicItemSchema> => ({
  id: r.music.id,
  title: r.music.title,
  durationSeconds: r.music.durationSeconds,
  createdAt: iso(r.assignedAt),
  updatedAt: iso(r.music.updatedAt),
});
