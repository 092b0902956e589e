import type { Router } from 'express';
import { hqScope, pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import {
  addMusicToLibrary,
  createLibrary,
  deleteLibrary,
  getLibrary,
  listLibraries,
  listLibraryMusic,
  removeMusicFromLibrary,
  updateLibrary,
} from '../app/libraries.use-case';
import type { CatalogContext } from '../app/ports';
import {
  AddLibraryMusicRequestSchema,
  AddLibraryMusicResponseSchema,
  CreateLibraryRequestSchema,
  LibraryListResponseSchema,
  LibraryMusicListResponseSchema,
  LibraryResponseSchema,
  ListLibrariesQuery,
  PagingQuery,
  toLibrary,
  toLibraryMusicItem,
  UpdateLibraryRequestSchema,
} from './libraries.schemas';

const OPERATOR = { roles: ['OPERATOR'] } as const;
const HQ = { roles: ['HQ_MANAGER'] } as const;
const adminTags = ['Libraries'];
const hqTags = ['HQ playlists and libraries'];

export const libraryRoutes = (api: ServiceApi, router: Router, ctx: CatalogContext) => {
  // ── Operator ─────────────────────────────────────────────────────────────────────────────
  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/libraries',
    operationId: 'listLibraries',
    summary: 'Live libraries by name asc (playlistCount over every HQ)',
    tags: adminTags,
    auth: OPERATOR,
    query: ListLibrariesQuery,
    response: { status: 200, description: 'A page of libraries', schema: LibraryListResponseSchema },
    handler: async ({ query }) => {
      const { page, size, ...filter } = query;
      const { items, total } = await listLibraries(ctx, filter, { page, size });
      return pageEnvelope(items.map(toLibrary), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/libraries',
    operationId: 'createLibrary',
    summary: 'Create a library of one music type (AI or TRUST)',
    tags: adminTags,
    auth: OPERATOR,
    body: CreateLibraryRequestSchema,
    response: { status: 201, description: 'The library', schema: LibraryResponseSchema },
    handler: async ({ body }) => toLibrary(await createLibrary(ctx, body)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/libraries/{id}',
    operationId: 'getLibrary',
    summary: 'One live library',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 200, description: 'The library', schema: LibraryResponseSchema },
    errors: { 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params }) => toLibrary(await getLibrary(ctx, params.id)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/libraries/{id}',
    operationId: 'updateLibrary',
    summary: 'Rename a library (the type is immutable)',
    tags: adminTags,
    auth: OPERATOR,
    body: UpdateLibraryRequestSchema,
    response: { status: 200, description: 'The library', schema: LibraryResponseSchema },
    errors: { 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params, body }) => toLibrary(await updateLibrary(ctx, params.id, body)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/libraries/{id}',
    operationId: 'deleteLibrary',
    summary: 'Soft-delete a library; it leaves every playlist',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 204, description: 'Deleted' },
    errors: { 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params }) => {
      await deleteLibrary(ctx, params.id);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/libraries/{id}/music',
    operationId: 'listLibraryMusic',
    summary: 'Active music of a library, newest assignment first',
    tags: adminTags,
    auth: OPERATOR,
    query: PagingQuery,
    response: { status: 200, description: 'A page of music', schema: LibraryMusicListResponseSchema },
    errors: { 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params, query }) => {
      const { rows, total } = await listLibraryMusic(ctx, params.id, query);
      return pageEnvelope(rows.map(toLibraryMusicItem), query, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/libraries/{id}/music',
    operationId: 'addLibraryMusic',
    summary: 'Add music to a library (idempotent; all of the library type or none)',
    description:
      'Music of another type than the library rejects the whole request: 400 LIBRARY_TYPE_MISMATCH with error.fields.violatingMusicIds (comma-separated). Missing or deleted music: 404 MUSIC_NOT_FOUND with error.fields.missingMusicIds.',
    tags: adminTags,
    auth: OPERATOR,
    body: AddLibraryMusicRequestSchema,
    response: { status: 200, description: 'How many were added', schema: AddLibraryMusicResponseSchema },
    errors: { 400: ['LIBRARY_TYPE_MISMATCH'], 404: ['LIBRARY_NOT_FOUND', 'MUSIC_NOT_FOUND'] },
    handler: async ({ params, body }) => addMusicToLibrary(ctx, params.id, body.musicIds),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/libraries/{id}/music/{musicId}',
    operationId: 'removeLibraryMusic',
    summary: 'Remove a music from a library (a music not in it: no-op)',
    tags: adminTags,
    auth: OPERATOR,
    response: { status: 204, description: 'Removed' },
    errors: { 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params }) => {
      await removeMusicFromLibrary(ctx, params.id, params.musicId);
    },
  });

  // ── HQ (read-only; libraries are shared by every HQ) ─────────────────────────────────────
  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/libraries',
    operationId: 'listHqLibraries',
    summary: 'Libraries by name asc; playlistCount counts the own HQ playlists',
    tags: hqTags,
    auth: HQ,
    query: ListLibrariesQuery,
    response: { status: 200, description: 'A page of libraries', schema: LibraryListResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'] },
    handler: async ({ query, principal }) => {
      const { page, size, ...filter } = query;
      const { items, total } = await listLibraries(ctx, { ...filter, hqId: hqScope(principal) }, { page, size });
      return pageEnvelope(items.map(toLibrary), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/libraries/{id}',
    operationId: 'getHqLibrary',
    summary: 'One live library (HqLibraryDetailResponse)',
    tags: hqTags,
    auth: HQ,
    response: { status: 200, description: 'The library', schema: LibraryResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'], 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params, principal }) => toLibrary(await getLibrary(ctx, params.id, hqScope(principal))),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/libraries/{id}/music',
    operationId: 'listHqLibraryMusic',
    summary: 'Music of a library, newest assignment first (HqLibraryMusicListResponse)',
    tags: hqTags,
    auth: HQ,
    query: PagingQuery,
    response: { status: 200, description: 'A page of music', schema: LibraryMusicListResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'], 404: ['LIBRARY_NOT_FOUND'] },
    handler: async ({ params, query, principal }) => {
      hqScope(principal);
      const { rows, total } = await listLibraryMusic(ctx, params.id, query);
      return pageEnvelope(rows.map(toLibraryMusicItem), query, total);
    },
  });
};
