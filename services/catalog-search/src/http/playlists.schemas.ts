import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import type { PlaylistRef, StorePlaylists } from '../app/assignments.use-case';
import type { PlaylistDetail, PlaylistSummary } from '../app/playlists.use-case';
import { PLAYLIST_STATUSES } from '../domain/enums';
import { iso, musicSourceSchema, nameText, PlaylistRefSchema, searchText, timestamp } from './common.schemas';

const status = z.enum(PLAYLIST_STATUSES).openapi({
  description:
    'Derived: EMPTY (nothing to play), ACTIVE (a store or device uses it), FALLBACK (the HQ default, used by no store or device explicitly), UNUSED (otherwise).',
});

export const HqPlaylistListItemSchema = z
  .object({
    id: uuidSchema(),
    name: z.string(),
    isDefault: z.boolean(),
    libraryCount: z.number().int(),
    appliedStoreCount: z.number().int(),
    status,
    updatedAt: timestamp(),
  })
  .openapi('HqPlaylistListItem');

export const PlaylistLibrarySchema = z
  .object({ libraryId: uuidSchema(), name: z.string(), libraryType: musicSourceSchema, musicCount: z.number().int(), position: z.number().int() })
  .openapi('PlaylistLibraryItem');

export const HqPlaylistDetailSchema = HqPlaylistListItemSchema.extend({
  libraries: z.array(PlaylistLibrarySchema),
  createdAt: timestamp(),
}).openapi('HqPlaylistDetailResponse');

const envelope = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
export const HqPlaylistListResponseSchema = envelope(HqPlaylistListItemSchema).openapi('HqPlaylistListResponse');

/** Operator shapes: the HQ shapes plus the owning HQ. */
export const PlaylistListItemSchema = HqPlaylistListItemSchema.extend({ hqId: uuidSchema() }).openapi('PlaylistListItem');
export const PlaylistDetailSchema = HqPlaylistDetailSchema.extend({ hqId: uuidSchema() }).openapi('PlaylistDetailResponse');
export const PlaylistListResponseSchema = envelope(PlaylistListItemSchema).openapi('PlaylistListResponse');

export const ListHqPlaylistsQuery = z.object({ q: searchText(), ...pagingSchema().shape });
export const ListPlaylistsQuery = z.object({ hqId: uuidSchema().optional(), q: searchText(), ...pagingSchema().shape });

export const CreatePlaylistRequestSchema = z.strictObject({ hqId: uuidSchema(), name: nameText(100) }).openapi('CreatePlaylistRequest');
export const UpdatePlaylistRequestSchema = z.strictObject({ name: nameText(100) }).openapi('UpdatePlaylistRequest');
export const SetPlaylistLibrariesRequestSchema = z
  .strictObject({
    libraryIds: z
      .array(uuidSchema())
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'library ids must be unique')
      .openapi({ description: 'The libraries in play order: position = index (0-based). An empty list empties the playlist.' }),
  })
  .openapi('SetPlaylistLibrariesRequest');

export const HqDefaultPlaylistResponseSchema = z
  .object({ hqId: uuidSchema(), playlist: PlaylistRefSchema.nullable() })
  .openapi('HqDefaultPlaylistResponse');
export const SetDefaultPlaylistRequestSchema = z.strictObject({ playlistId: uuidSchema() }).openapi('SetDefaultPlaylistRequest');

export const AssignPlaylistRequestSchema = z
  .strictObject({ playlistId: uuidSchema().nullable().openapi({ description: 'null clears: a store follows the HQ default, a device its store' }) })
  .openapi('AssignPlaylistRequest');

export const StorePlaylistsResponseSchema = z
  .object({
    storeId: uuidSchema(),
    hqId: uuidSchema(),
    activePlaylist: PlaylistRefSchema.nullable().openapi({ description: "The store's own playlist; null: it follows the HQ default" }),
    hqDefault: PlaylistRefSchema.nullable(),
    devices: z.array(z.object({ deviceId: uuidSchema(), playlist: PlaylistRefSchema })).openapi({ description: 'Devices with an own playlist; the others follow the store' }),
  })
  .openapi('StorePlaylistsResponse');

export const toHqPlaylistItem = (p: PlaylistSummary): z.input<typeof HqPlaylistListItemSchema> => ({
  id: p.id,
  name: p.name,
  isDefault: p.isDefault,
  libraryCount: p.libraryCount,
  appliedStoreCount: p.appliedStoreCount,
  status: p.status,
  updatedAt: iso(p.updatedAt),
});

export const toHqPlaylistDetail = (p: PlaylistDetail): z.input<typeof HqPlaylistDetailSchema> => ({
  ...toHqPlaylistItem(p),
  libraries: p.libraries,
  createdAt: iso(p.createdAt),
});

export const toPlaylistItem = (p: PlaylistSummary): z.input<typeof PlaylistListItemSchema> => ({ ...toHqPlaylistItem(p), hqId: p.hqId });
export const toPlaylistDetail = (p: PlaylistDetail): z.input<typeof PlaylistDetailSchema> => ({ ...toHqPlaylistDetail(p), hqId: p.hqId });
export const toDefault = (hqId: string, playlist: PlaylistRef | null) => ({ hqId, playlist });
export const toStorePlaylists = (s: StorePlaylists): z.input<typeof StorePlaylistsResponseSchema> => s;
