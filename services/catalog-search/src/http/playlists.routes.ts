import type { Router } from 'express';
import { hqScope, pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { getHqDefaultPlaylist, getStorePlaylists, setDevicePlaylist, setHqDefaultPlaylist, setStorePlaylist } from '../app/assignments.use-case';
import { createPlaylist, deletePlaylist, getPlaylist, listPlaylists, renamePlaylist, setPlaylistLibraries } from '../app/playlists.use-case';
import type { CatalogContext } from '../app/ports';
import {
  AssignPlaylistRequestSchema,
  CreatePlaylistRequestSchema,
  HqDefaultPlaylistResponseSchema,
  HqPlaylistDetailSchema,
  HqPlaylistListResponseSchema,
  ListHqPlaylistsQuery,
  ListPlaylistsQuery,
  PlaylistDetailSchema,
  PlaylistListResponseSchema,
  SetDefaultPlaylistRequestSchema,
  SetPlaylistLibrariesRequestSchema,
  StorePlaylistsResponseSchema,
  toDefault,
  toHqPlaylistDetail,
  toHqPlaylistItem,
  toPlaylistDetail,
  toPlaylistItem,
  toStorePlaylists,
  UpdatePlaylistRequestSchema,
} from './playlists.schemas';

const OPERATOR = { roles: ['OPERATOR'] } as const;
const HQ = { roles: ['HQ_MANAGER'] } as const;
const adminTags = ['Playlists'];
const hqTags = ['HQ playlists and libraries'];
/** Errors of calls that ask organization first. */
const PEER = { 503: ['SERVICE_UNAVAILABLE'] };

export const playlistRoutes = (api: ServiceApi, router: Router, ctx: CatalogContext) => {
  // ── Operator: playlists ──────────────────────────────────────────────────────────────────
  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/playlists',
    operationId: 'listPlaylists',
    summary: 'Live playlists of every HQ, or of one (hqId), created_at desc',
    tags: adminTags,
    auth: OPERATOR,
    query: ListPlaylistsQuery,
    response: { status: 200, description: 'A page of playlists', schema: PlaylistListResponseSchema },
    handler: async ({ query }) => {
      const { page, size, ...filter } = query;
      const { items, total } = await listPlaylists(ctx, filter, { page, size });
      return pageEnvelope(items.map(toPlaylistItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/playlists',
    operationId: 'createPlaylist',
    summary: 'Create an (empty) playlist of an HQ',
    tags: adminTags,
    auth: OPERATOR,
    body: CreatePlaylistRequestSchema,
    response: { status: 201, description: 'The playlist', schema: PlaylistDetailSchema },
    errors: { 404: ['HQ_NOT_FOUND'], ...PEER },
    handler: async ({ body }) => toPlaylistDetail(await createPlaylist(ctx, body)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/playlists/{id}',
    operationId: 'getPlaylist',
    summary: 'One live playlist with its libraries in position order',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 200, description: 'The playlist', schema: PlaylistDetailSchema },
    errors: { 404: ['PLAYLIST_NOT_FOUND'] },
    handler: async ({ params }) => toPlaylistDetail(await getPlaylist(ctx, params.id)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/playlists/{id}',
    operationId: 'updatePlaylist',
    summary: 'Rename a playlist',
    tags: adminTags,
    auth: OPERATOR,
    body: UpdatePlaylistRequestSchema,
    response: { status: 200, description: 'The playlist', schema: PlaylistDetailSchema },
    errors: { 404: ['PLAYLIST_NOT_FOUND'] },
    handler: async ({ params, body }) => toPlaylistDetail(await renamePlaylist(ctx, params.id, body)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/playlists/{id}',
    operationId: 'deletePlaylist',
    summary: 'Soft-delete a playlist; its stores and devices fall back, an HQ default is cleared',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 204, description: 'Deleted' },
    errors: { 404: ['PLAYLIST_NOT_FOUND'] },
    handler: async ({ params }) => {
      await deletePlaylist(ctx, params.id);
    },
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/admin/playlists/{id}/libraries',
    operationId: 'setPlaylistLibraries',
    summary: 'Set the ordered libraries of a playlist (add, remove and reorder in one)',
    tags: adminTags,
    auth: OPERATOR,
    body: SetPlaylistLibrariesRequestSchema,
    response: { status: 200, description: 'The playlist', schema: PlaylistDetailSchema },
    errors: { 404: ['PLAYLIST_NOT_FOUND', 'LIBRARY_NOT_FOUND'] },
    handler: async ({ params, body }) => toPlaylistDetail(await setPlaylistLibraries(ctx, params.id, body.libraryIds)),
  });

  // ── Operator: HQ default, store and device assignments ───────────────────────────────────
  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/hq/{hqId}/default-playlist',
    operationId: 'getHqDefaultPlaylist',
    summary: 'The default playlist of an HQ (null when none)',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 200, description: 'The default', schema: HqDefaultPlaylistResponseSchema },
    handler: async ({ params }) => toDefault(params.hqId, await getHqDefaultPlaylist(ctx, params.hqId)),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/admin/hq/{hqId}/default-playlist',
    operationId: 'setHqDefaultPlaylist',
    summary: 'Make a playlist of the HQ its default (replacing the previous one)',
    tags: adminTags,
    auth: OPERATOR,
    body: SetDefaultPlaylistRequestSchema,
    response: { status: 200, description: 'The default', schema: HqDefaultPlaylistResponseSchema },
    errors: { 404: ['PLAYLIST_NOT_FOUND'] },
    handler: async ({ params, body }) => toDefault(params.hqId, await setHqDefaultPlaylist(ctx, params.hqId, body.playlistId)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/hq/{hqId}/default-playlist',
    operationId: 'clearHqDefaultPlaylist',
    summary: 'Clear the default playlist of an HQ (idempotent)',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 204, description: 'Cleared' },
    handler: async ({ params }) => {
      await setHqDefaultPlaylist(ctx, params.hqId, null);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/playlists/stores/{storeId}',
    operationId: 'getStorePlaylists',
    summary: "A store's active playlist, its devices' own playlists and the HQ default",
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 200, description: 'The assignments', schema: StorePlaylistsResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND'], ...PEER },
    handler: async ({ params }) => toStorePlaylists(await getStorePlaylists(ctx, params.storeId)),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/admin/playlists/stores/{storeId}',
    operationId: 'setStorePlaylist',
    summary: "Set (playlistId) or clear (null: follow the HQ default) a store's active playlist",
    tags: adminTags,
    auth: OPERATOR,
    body: AssignPlaylistRequestSchema,
    response: { status: 200, description: 'The assignments', schema: StorePlaylistsResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND', 'PLAYLIST_NOT_FOUND'], 409: ['STORE_ALREADY_CLOSED'], ...PEER },
    handler: async ({ params, body }) => toStorePlaylists(await setStorePlaylist(ctx, params.storeId, body.playlistId)),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/admin/playlists/stores/{storeId}/devices/{deviceId}',
    operationId: 'setDevicePlaylist',
    summary: "Set (playlistId) or clear (null: follow the store) a device's own playlist",
    tags: adminTags,
    auth: OPERATOR,
    body: AssignPlaylistRequestSchema,
    response: { status: 200, description: 'The assignments', schema: StorePlaylistsResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND', 'STORE_DEVICE_NOT_FOUND', 'PLAYLIST_NOT_FOUND'], 409: ['STORE_ALREADY_CLOSED'], ...PEER },
    handler: async ({ params, body }) => toStorePlaylists(await setDevicePlaylist(ctx, params.storeId, params.deviceId, body.playlistId)),
  });

  // ── HQ (read-only, own HQ only) ──────────────────────────────────────────────────────────
  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/playlists',
    operationId: 'listHqPlaylists',
    summary: 'Playlists of the own HQ, created_at desc, id desc',
    tags: hqTags,
    auth: HQ,
    query: ListHqPlaylistsQuery,
    response: { status: 200, description: 'A page of playlists', schema: HqPlaylistListResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'] },
    handler: async ({ query, principal }) => {
      const { page, size, q } = query;
      const { items, total } = await listPlaylists(ctx, { hqId: hqScope(principal), q }, { page, size });
      return pageEnvelope(items.map(toHqPlaylistItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/playlists/{id}',
    operationId: 'getHqPlaylist',
    summary: 'One playlist of the own HQ (another HQ’s: 404 PLAYLIST_NOT_FOUND)',
    tags: hqTags,
    auth: HQ,
    response: { status: 200, description: 'The playlist', schema: HqPlaylistDetailSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'], 404: ['PLAYLIST_NOT_FOUND'] },
    handler: async ({ params, principal }) => toHqPlaylistDetail(await getPlaylist(ctx, params.id, hqScope(principal))),
  });
};
