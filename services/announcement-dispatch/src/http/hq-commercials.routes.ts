import { hqScope, pageEnvelope, readUpload, toIso, validationFailed, type ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';
import {
  commercialFileInvalid,
  deleteCommercial,
  listCommercials,
  patchCommercial,
  registerCommercial,
  replaceCommercialFile,
  type CommercialView,
} from '../app/commercials.use-case';
import type { AppContext } from '../app/ports';
import {
  CommercialListQuerySchema,
  CommercialSongListSchema,
  CommercialSongSchema,
  MultipartFileSchema,
  RegisterCommercialQuerySchema,
  ReplaceCommercialFileQuerySchema,
  UpdateCommercialRequestSchema,
} from './broadcasts.schemas';

const HQ = { roles: ['HQ_MANAGER'] } as const;
const SCOPE = ['PRINCIPAL_SCOPE_MISMATCH'];
const TAGS = ['HQ commercial songs'];
const NOT_FOUND = { 404: ['COMMERCIAL_SONG_NOT_FOUND'] };

export const commercialDto = (v: CommercialView) => ({
  id: v.row.id,
  title: v.row.title,
  audioUrl: v.audioUrl,
  durationSeconds: v.row.durationSeconds,
  isActive: v.row.isActive,
  createdAt: toIso(v.row.createdAt),
  updatedAt: toIso(v.row.updatedAt),
});

export const hqCommercialRoutes = (api: ServiceApi, router: Router, ctx: AppContext, options: { maxBytes: number }) => {
  /** One `file` part, the 20 MB limit enforced while reading. */
  const upload = () =>
    readUpload({
      field: 'file',
      maxBytes: options.maxBytes,
      tooLarge: () => commercialFileInvalid('FILE_TOO_LARGE', `The file is larger than ${options.maxBytes} bytes`),
      invalid: (reason) => validationFailed([{ field: 'file', code: 'INVALID_MULTIPART', message: reason }]),
    });
  const fileContent = { contentType: 'multipart/form-data', schema: MultipartFileSchema('The MP3, at most 20 MB, stored as uploaded') };

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/commercials',
    operationId: 'createHqCommercial',
    summary: 'Register a commercial song: multipart part file (MP3) plus query title and durationSeconds',
    description:
      'The file must be an MP3 (signature and MPEG frames checked), not empty, at most 20 MB; it is stored as uploaded. title 1..200, durationSeconds 1..3600 (integer). ' +
      'File problems are 400 VALIDATION_FAILED with details on field file (FILE_EMPTY, FILE_TOO_LARGE, FILE_NOT_MP3). Audit HQ_COMMERCIAL_CREATED.',
    tags: TAGS,
    // Large files come through the gateway's upload-ticket flow (spec 02): same contract and logic.
    auth: { roles: ['HQ_MANAGER'], uploadPurposes: ['COMMERCIAL_CREATE'] },
    query: RegisterCommercialQuerySchema,
    requestContent: fileContent,
    before: [upload()],
    response: { status: 201, description: 'The commercial song with a presigned audioUrl', schema: CommercialSongSchema },
    errors: { 403: SCOPE, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query, req }) => commercialDto(await registerCommercial(ctx, principal, hqScope(principal), { ...query, file: req.upload?.file })),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/commercials',
    operationId: 'listHqCommercials',
    summary: 'Commercial songs of the HQ (not deleted), newest first',
    tags: TAGS,
    auth: HQ,
    query: CommercialListQuerySchema,
    response: { status: 200, description: 'A page of commercial songs', schema: CommercialSongListSchema },
    errors: { 403: SCOPE },
    handler: async ({ principal, query }) => {
      const { items, total } = await listCommercials(ctx, hqScope(principal), query);
      return pageEnvelope(items.map(commercialDto), query, total);
    },
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/commercials/{commercialId}',
    operationId: 'updateHqCommercial',
    summary: 'Change title and/or isActive; null or absent fields are unchanged (both: 200 without change)',
    tags: TAGS,
    auth: HQ,
    body: UpdateCommercialRequestSchema,
    response: { status: 200, description: 'The commercial song', schema: CommercialSongSchema },
    errors: { 403: SCOPE, ...NOT_FOUND },
    handler: async ({ principal, params, body }) => commercialDto(await patchCommercial(ctx, principal, hqScope(principal), params.commercialId, body)),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/hq/commercials/{commercialId}/file',
    operationId: 'replaceHqCommercialFile',
    summary: 'Replace the file of a commercial song (same id, overwritten) with its durationSeconds, optionally a new title',
    description: 'Same file rules as registration. Audit HQ_COMMERCIAL_FILE_REPLACED.',
    tags: TAGS,
    auth: { roles: ['HQ_MANAGER'], uploadPurposes: ['COMMERCIAL_REPLACE'] },
    query: ReplaceCommercialFileQuerySchema,
    requestContent: fileContent,
    before: [upload()],
    response: { status: 200, description: 'The commercial song with a presigned audioUrl', schema: CommercialSongSchema },
    errors: { 403: SCOPE, ...NOT_FOUND, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, params, query, req }) =>
      commercialDto(await replaceCommercialFile(ctx, principal, hqScope(principal), params.commercialId, { ...query, file: req.upload?.file })),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/hq/commercials/{commercialId}',
    operationId: 'deleteHqCommercial',
    summary: 'Delete a commercial song (soft: purged for good with its file after 90 days)',
    tags: TAGS,
    auth: HQ,
    response: { status: 204, description: 'Deleted' },
    errors: { 403: SCOPE, ...NOT_FOUND },
    handler: async ({ principal, params }) => {
      await deleteCommercial(ctx, principal, hqScope(principal), params.commercialId);
    },
  });
};
