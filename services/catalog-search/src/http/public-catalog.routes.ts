import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import { getTrack, listTracksByCursor, listTracksByOffset } from '../app/public-catalog.use-case';
import type { CatalogContext } from '../app/ports';
import {
  CATALOG_ERRORS,
  CATALOG_MESSAGES,
  catalogInvalidMessage,
  CursorPageSchema,
  CursorQuery,
  OffsetPageSchema,
  OffsetQuery,
  pageMeta,
  toTrack,
  TrackQuery,
  TrackSchema,
} from './public-catalog.schemas';

const tags = ['Public catalog (spec 01)'];
const legacyErrors = { invalidMessage: catalogInvalidMessage };
const AUTH_NOTE =
  'Called through the gateway with `Authorization: Bearer <API key>` (the gateway answers 401 "Authorization undefined." and 400 Undefined/Malformed/Expired API Key, and records usage per key and endpoint). Errors: `{ message, error: "Bad Request", statusCode }`.';

export const publicCatalogRoutes = (api: ServiceApi, router: Router, ctx: Pick<CatalogContext, 'pool' | 'catalogCounts'>, options: { sourceBaseUrl: string }) => {
  const filterOf = (q: { genre?: string; mood?: string; duration_start?: number; duration_end?: number }) => ({
    genre: q.genre,
    mood: q.mood,
    durationStart: q.duration_start,
    durationEnd: q.duration_end,
  });

  api.define(router, {
    method: 'get',
    path: '/v1/music/cursor',
    operationId: 'listMusicByCursor',
    summary: 'The next tracks after the last one the client holds (keyset on created_at, id)',
    description: `${AUTH_NOTE} Order: created_at ascending, then id. Without id and created_at: the first page. With them (both or neither): the tracks strictly after that (created_at, id). \`cursor\` is the last track of the page when more follow, null at the end. No total is counted.`,
    tags,
    auth: 'public',
    query: CursorQuery,
    legacyErrors,
    response: { status: 200, description: 'A page of tracks and the cursor of the next one', schema: CursorPageSchema },
    errors: CATALOG_ERRORS,
    handler: async ({ query }) => {
      const after = query.id && query.created_at ? { id: query.id, createdAt: query.created_at } : undefined;
      const page = await listTracksByCursor(ctx, filterOf(query), query.take, after);
      return {
        musics: page.tracks.map((t) => toTrack(t, options.sourceBaseUrl)),
        cursor: page.next ? { id: page.next.id, created_at: page.next.createdAt } : null,
      };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/v1/music/offset',
    operationId: 'listMusicByOffset',
    summary: 'A page of tracks by take and skip, with PageMeta',
    description: `${AUTH_NOTE} Same order and filters as cursor mode. current_page = floor(skip / take) + 1, total_pages = ceil(total_count / take).`,
    tags,
    auth: 'public',
    query: OffsetQuery,
    legacyErrors,
    response: { status: 200, description: 'A page of tracks with PageMeta', schema: OffsetPageSchema },
    errors: CATALOG_ERRORS,
    handler: async ({ query }) => {
      const page = await listTracksByOffset(ctx, filterOf(query), query.take, query.skip);
      return { musics: page.tracks.map((t) => toTrack(t, options.sourceBaseUrl)), meta: pageMeta(page.total, query.take, query.skip) };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/v1/music/query',
    operationId: 'getMusicById',
    summary: 'One track by id (not wrapped)',
    description: `${AUTH_NOTE} id absent or not a UUID: 400 "Invalid Parameter Value". Unknown, deleted or not yet tagged with a genre: 404.`,
    tags,
    auth: 'public',
    query: TrackQuery,
    legacyErrors,
    response: { status: 200, description: 'The track', schema: TrackSchema },
    errors: { ...CATALOG_ERRORS, 400: [CATALOG_MESSAGES.invalid], 404: [CATALOG_MESSAGES.notFound] },
    handler: async ({ query }) => toTrack(await getTrack(ctx, query.id), options.sourceBaseUrl),
  });
};
