import type { Router } from 'express';
import { pageEnvelope, readUpload, type ServiceApi } from '@storecast/service-kit';
import { deleteMusic } from '../app/delete-music.use-case';
import { musicInvalidField } from '../app/errors';
import type { CatalogContext } from '../app/ports';
import { getMusic, listMusic } from '../app/read-music.use-case';
import { replaceMusicFile } from '../app/replace-music-file.use-case';
import { setMusicTags } from '../app/set-music-tags.use-case';
import { uploadMusic } from '../app/upload-music.use-case';
import {
  ListMusicQuery,
  MultipartFileSchema,
  MusicListResponseSchema,
  MusicResponseSchema,
  ReplaceMusicFileQuery,
  SetMusicTagsRequestSchema,
  toMusicListItem,
  toMusicResponse,
  UploadMusicQuery,
} from './music.schemas';

const OPERATOR = { roles: ['OPERATOR'] } as const;
const tags = ['Music catalog'];

/** The multipart reader of music uploads: one `file` part, the size limit enforced while reading. */
export const musicUpload = (maxBytes: number) =>
  readUpload({
    field: 'file',
    maxBytes,
    tooLarge: () => musicInvalidField('file', `The file is larger than ${maxBytes} bytes`),
    invalid: (reason) => musicInvalidField('file', reason),
  });

export const musicRoutes = (api: ServiceApi, router: Router, ctx: CatalogContext, options: { maxBytes: number }) => {
  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/music',
    operationId: 'listMusic',
    summary: 'List active music (created_at desc, id desc); never with audio URLs',
    tags,
    auth: OPERATOR,
    query: ListMusicQuery,
    response: { status: 200, description: 'A page of music', schema: MusicListResponseSchema },
    handler: async ({ query }) => {
      const { page, size, ...filter } = query;
      const { items, total } = await listMusic(ctx, filter, { page, size });
      return pageEnvelope(items.map(toMusicListItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/music',
    operationId: 'uploadMusic',
    summary: 'Upload an MP3 (stored with a rewritten ID3v2.4 tag)',
    description:
      'Multipart part `file` (MP3, signature checked, at most 20 MB) plus query title, durationSeconds and musicSource. Empty, too large, missing title or a missing/wrong musicSource: 400 MUSIC_INVALID_FIELD; not an MP3 or a damaged tag: 400 METADATA_PARSE_FAILED.',
    tags,
    // Large files come through the gateway's upload-ticket flow (spec 02): same contract and logic.
    auth: { roles: ['OPERATOR'], uploadPurposes: ['MUSIC_CREATE'] },
    query: UploadMusicQuery,
    invalidCode: 'MUSIC_INVALID_FIELD',
    requestContent: { contentType: 'multipart/form-data', schema: MultipartFileSchema },
    before: [musicUpload(options.maxBytes)],
    response: { status: 201, description: 'The stored music with a presigned audioUrl', schema: MusicResponseSchema },
    errors: { 400: ['METADATA_PARSE_FAILED'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ query, principal, req }) => toMusicResponse(await uploadMusic(ctx, principal, { ...query, file: req.upload?.file })),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/music/{id}',
    operationId: 'getMusic',
    summary: 'One active music with its presigned audio URL',
    tags,
    auth: OPERATOR,
    response: { status: 200, description: 'The music', schema: MusicResponseSchema },
    errors: { 404: ['MUSIC_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ params }) => toMusicResponse(await getMusic(ctx, params.id)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/music/{id}',
    operationId: 'deleteMusic',
    summary: 'Soft-delete a music (the file is kept until the 90-day purge)',
    tags,
    auth: OPERATOR,
    response: { status: 204, description: 'Deleted' },
    errors: { 404: ['MUSIC_NOT_FOUND'] },
    handler: async ({ params, principal }) => {
      await deleteMusic(ctx, principal, params.id);
    },
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/admin/music/{id}/file',
    operationId: 'replaceMusicFile',
    summary: 'Replace the file of a music (same id, overwritten), optionally with a new title',
    tags,
    auth: { roles: ['OPERATOR'], uploadPurposes: ['MUSIC_REPLACE'] },
    query: ReplaceMusicFileQuery,
    invalidCode: 'MUSIC_INVALID_FIELD',
    requestContent: { contentType: 'multipart/form-data', schema: MultipartFileSchema },
    before: [musicUpload(options.maxBytes)],
    response: { status: 200, description: 'The music with a presigned audioUrl', schema: MusicResponseSchema },
    errors: { 400: ['METADATA_PARSE_FAILED'], 404: ['MUSIC_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ params, query, principal, req }) =>
      toMusicResponse(await replaceMusicFile(ctx, principal, { musicId: params.id, title: query.title, file: req.upload?.file })),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/admin/music/{id}/tags',
    operationId: 'setMusicTags',
    summary: 'Set the genre (exactly one) and the moods (zero or more) of a music',
    description:
      'A full replace. Unknown options: 404 MUSIC_TAG_OPTION_NOT_FOUND (fields.missingTagOptionIds). An option of the wrong type, or a deactivated one the music does not already carry: 400 VALIDATION_FAILED.',
    tags,
    auth: OPERATOR,
    body: SetMusicTagsRequestSchema,
    response: { status: 200, description: 'The music with its tags', schema: MusicResponseSchema },
    errors: { 404: ['MUSIC_NOT_FOUND', 'MUSIC_TAG_OPTION_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ params, body, principal }) => toMusicResponse(await setMusicTags(ctx, principal, { musicId: params.id, ...body })),
  });
};
