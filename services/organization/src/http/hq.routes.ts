import type { RequestHandler, Router } from 'express';
import multer from 'multer';
import { AppError, badRequest, type ServiceApi } from '@storecast/service-kit';
import type { AppContext } from '../app/context';
import { callerHq } from '../app/scope';
import { getHqProfile, replaceHqDucking, updateHqMe } from '../app/hq-profile.use-case';
import {
  createHqStore,
  getHqStore,
  listHqStores,
  replaceStoreDucking,
  updateHqStore,
  updateStoreCommercialCycle,
  updateStoreRegion,
} from '../app/hq-stores.use-case';
import { issueStoreManager } from '../app/issue-store-manager.use-case';
import { bulkCreateHqStores } from '../app/bulk-create-hq-stores.use-case';
import { bulkTemplateCsv, BULK_CSV_HEADER, BULK_MAX_ROWS } from '../domain/bulk-csv';
import * as dto from './dto';
import * as req from './requests';

const ME = ['HQ mode: profile'];
const STORES = ['HQ mode: stores'];
const INVALID = 'HQ_STORE_INVALID_FIELD';
const auth = { roles: ['HQ_MANAGER'] } as const;
/** Every HQ path re-checks the caller against stored data (callerHq). */
const scope = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };
const storeNotFound = { ...scope, 404: ['STORE_NOT_FOUND'] };
const identityDown = { 503: ['SERVICE_UNAVAILABLE'] };

/** multer in memory with a size limit; its errors become the spec's codes. */
const csvUpload = (maxBytes: number): RequestHandler => {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 10 } }).single('file');
  return (request, res, next) =>
    single(request, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`));
        return next(badRequest('HQ_STORE_BULK_INVALID_FILE', `The upload is not a single CSV part named "file" (${err.code})`));
      }
      return next(badRequest('HQ_STORE_BULK_INVALID_FILE', 'The upload could not be read as multipart form data'));
    });
};

export const hqRoutes = (api: ServiceApi, ctx: AppContext, limits: { bulkCsvMaxBytes: number }): Router => {
  const router = api.router();

  // ---------- profile ----------
  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/me',
    operationId: 'getHqMe',
    summary: "The caller's HQ profile",
    tags: ME,
    auth,
    response: { status: 200, description: 'HQ', schema: dto.HqMeResponseSchema },
    errors: scope,
    handler: async ({ principal }) => dto.hqMe(await getHqProfile(ctx, await callerHq(ctx, principal))),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/me',
    operationId: 'updateHqMe',
    summary: 'Update the HQ profile (commercialCycleSongs 1..100)',
    tags: ME,
    auth,
    body: req.UpdateHqMeRequestSchema,
    response: { status: 200, description: 'Updated profile', schema: dto.HqMeResponseSchema },
    errors: scope,
    handler: async ({ principal, body }) => {
      const hq = await callerHq(ctx, principal);
      return dto.hqMe(await updateHqMe(ctx, principal, hq.id, body));
    },
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/me/ducking',
    operationId: 'updateHqDucking',
    summary: 'Replace the HQ ducking defaults as a whole',
    tags: ME,
    auth,
    body: req.UpdateHqDuckingRequestSchema,
    response: { status: 200, description: 'Updated profile', schema: dto.HqMeResponseSchema },
    errors: scope,
    handler: async ({ principal, body }) => {
      const hq = await callerHq(ctx, principal);
      return dto.hqMe(await replaceHqDucking(ctx, principal, hq.id, body));
    },
  });

  // ---------- stores ----------
  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/stores',
    operationId: 'listHqStores',
    summary: "The HQ's stores: SUSPENDED, INACTIVE first, then name, id",
    tags: STORES,
    auth,
    query: req.HqStoresQuerySchema,
    response: { status: 200, description: 'Page of stores', schema: dto.HqStoreListResponseSchema },
    errors: { ...scope, 400: ['INVALID_ENUM_VALUE'] },
    handler: async ({ principal, query: { page, size, ...filters } }) => {
      const hq = await callerHq(ctx, principal);
      const { rows, total } = await listHqStores(ctx, hq, filters, { page, size });
      return { items: rows.map((r) => dto.hqStoreListItem(r.store, r.hasManagerAccount)), page, size, total };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/stores',
    operationId: 'createHqStore',
    summary: 'Create a store (a manager email also creates its account; setup email after the commit)',
    tags: STORES,
    auth,
    body: req.CreateHqStoreRequestSchema,
    invalidCode: INVALID,
    response: { status: 201, description: 'Created', schema: dto.CreateHqStoreResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_HQ_SUSPENDED'], 409: ['DUPLICATE_EMAIL'], ...identityDown },
    handler: async ({ principal, body }) => {
      const created = await createHqStore(ctx, principal, await callerHq(ctx, principal), body);
      return { store: dto.hqStoreDetail(created.detail), managerAccount: created.managerAccount };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/stores/bulk/template',
    operationId: 'getHqStoreBulkTemplate',
    summary: 'The bulk CSV template (UTF-8 with BOM; header 매장명,주소,점주명,점주 이메일,점주 연락처)',
    tags: STORES,
    auth,
    response: { status: 200, description: 'The template', contentType: 'text/csv' },
    errors: scope,
    handler: async ({ principal, res }) => {
      await callerHq(ctx, principal);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="stores-template.csv"; filename*=UTF-8''${encodeURIComponent('매장_일괄등록_템플릿.csv')}`)
        .send(Buffer.from(bulkTemplateCsv(), 'utf8'));
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/stores/bulk',
    operationId: 'bulkCreateHqStores',
    summary: `Bulk store creation from CSV (multipart part "file"; header ${BULK_CSV_HEADER.join(',')}; at most ${BULK_MAX_ROWS} rows)`,
    tags: STORES,
    auth,
    requestContent: { contentType: 'multipart/form-data', schema: req.BulkUploadRequestSchema },
    before: [csvUpload(limits.bulkCsvMaxBytes)],
    response: { status: 200, description: 'Per-row results in input order', schema: dto.BulkCreateHqStoreResponseSchema },
    errors: { 400: ['HQ_STORE_BULK_INVALID_FILE'], 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_HQ_SUSPENDED'], 413: ['PAYLOAD_TOO_LARGE'] },
    handler: async ({ principal, req: request }) =>
      bulkCreateHqStores(ctx, principal, await callerHq(ctx, principal), { buffer: request.file?.buffer, name: request.file?.originalname ?? null }),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/stores/{id}',
    operationId: 'getHqStore',
    summary: 'Store detail (another HQ’s or a missing store: 404)',
    tags: STORES,
    auth,
    response: { status: 200, description: 'Store', schema: dto.HqStoreDetailResponseSchema },
    errors: { ...storeNotFound, ...identityDown },
    handler: async ({ principal, params }) => dto.hqStoreDetail(await getHqStore(ctx, principal, await callerHq(ctx, principal), params.id)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/stores/{id}',
    operationId: 'updateHqStore',
    summary: 'Edit a store (absent unchanged, null clears, value sets; no differences = 200 no-op)',
    tags: STORES,
    auth,
    body: req.UpdateHqStoreRequestSchema,
    invalidCode: INVALID,
    response: { status: 200, description: 'Store', schema: dto.HqStoreDetailResponseSchema },
    errors: { ...storeNotFound, ...identityDown },
    handler: async ({ principal, params, body }) => dto.hqStoreDetail(await updateHqStore(ctx, principal, await callerHq(ctx, principal), params.id, body)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/stores/{id}/commercial-cycle',
    operationId: 'updateHqStoreCommercialCycle',
    summary: 'Set (1..100) or remove (null) the store commercial cycle override',
    tags: STORES,
    auth,
    body: req.UpdateStoreCommercialCycleRequestSchema,
    invalidCode: INVALID,
    response: { status: 204, description: 'Updated' },
    errors: storeNotFound,
    handler: async ({ principal, params, body }) => {
      await updateStoreCommercialCycle(ctx, principal, await callerHq(ctx, principal), params.id, body.commercialCycleSongs);
    },
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/stores/{id}/ducking',
    operationId: 'updateHqStoreDucking',
    summary: 'Replace the store ducking overrides (all three keys; all null = inherit)',
    tags: STORES,
    auth,
    body: req.UpdateStoreDuckingRequestSchema,
    invalidCode: INVALID,
    response: { status: 204, description: 'Updated' },
    errors: storeNotFound,
    handler: async ({ principal, params, body }) => {
      await replaceStoreDucking(ctx, principal, await callerHq(ctx, principal), params.id, body);
    },
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/stores/{id}/region',
    operationId: 'updateHqStoreRegion',
    summary: 'Set or clear (null) the store region',
    tags: STORES,
    auth,
    body: req.UpdateStoreRegionRequestSchema,
    invalidCode: INVALID,
    response: { status: 204, description: 'Updated' },
    errors: storeNotFound,
    handler: async ({ principal, params, body }) => {
      await updateStoreRegion(ctx, principal, await callerHq(ctx, principal), params.id, body.region);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/stores/{storeId}/managers',
    operationId: 'issueHqStoreManager',
    summary: 'Issue a store manager account (password generated, never returned; setup email after the commit)',
    tags: STORES,
    auth,
    body: req.IssueHqStoreManagerRequestSchema,
    invalidCode: INVALID,
    response: { status: 200, description: 'Issued', schema: dto.HqStoreManagerIssueResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_HQ_SUSPENDED'], 409: ['DUPLICATE_EMAIL', 'STORE_ALREADY_CLOSED'], ...identityDown },
    handler: async ({ principal, params, body }) => {
      const issued = await issueStoreManager(ctx, principal, { storeId: params.storeId, ...body, callerHq: await callerHq(ctx, principal) });
      return { storeId: issued.storeId, managerAccount: { managerAccountId: issued.managerAccountId, email: issued.email, setupEmailSent: issued.setupEmailSent } };
    },
  });

  return router;
};
