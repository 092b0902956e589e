import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { AppError, badRequest, errorResponses, jsonBody, jsonResponse, pagingSchema, parseInput, parseInputAs, principalOf } from '@storecast/service-kit';
import { actorOf } from '../app/actor';
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
import { toContact } from '../app/store-input';
import { bulkTemplateCsv, BULK_CSV_HEADER, BULK_MAX_ROWS } from '../domain/bulk-csv';
import { STORE_STATUSES, STORE_TYPES } from '../domain/enums';
import { defineRoute } from './route';
import { signedIn } from '@storecast/service-kit';
import { boolParam, enumParam, qParam } from './params';
import type { RouterDeps } from './deps';
import * as dto from './dto';
import * as req from './requests';
import { z } from './zod';

const ME = ['HQ mode: profile'];
const STORES = ['HQ mode: stores'];
const INVALID = 'HQ_STORE_INVALID_FIELD';

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

export const hqRouter = ({ ctx, verifier, registry, bulkCsvMaxBytes }: RouterDeps): Router => {
  const router = Router();
  router.use('/api/v1/hq', ...signedIn(verifier, 'HQ_MANAGER'));
  const scopeErrors = { 401: ['AUTH_TOKEN_INVALID'], 403: ['PRINCIPAL_SCOPE_MISMATCH'] };

  // ---------- profile ----------
  defineRoute(
    router,
    registry,
    { method: 'get', path: '/api/v1/hq/me', summary: "The caller's HQ profile", tags: ME, responses: { 200: jsonResponse('HQ', dto.HqMeResponseSchema), ...errorResponses(scopeErrors) } },
    async (request, res) => {
      const hq = await callerHq(ctx, principalOf(request));
      res.json(dto.hqMe(await getHqProfile(ctx, hq)));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/hq/me',
      summary: 'Update the HQ profile (commercialCycleSongs 1..100)',
      tags: ME,
      request: { body: jsonBody(req.UpdateHqMeRequestSchema) },
      responses: { 200: jsonResponse('Updated profile', dto.HqMeResponseSchema), ...errorResponses({ ...scopeErrors, 400: ['VALIDATION_FAILED'] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInput(req.UpdateHqMeRequestSchema, request.body);
      res.json(dto.hqMe(await updateHqMe(ctx, actorOf(principal), hq.id, body)));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/hq/me/ducking',
      summary: 'Replace the HQ ducking defaults as a whole',
      tags: ME,
      request: { body: jsonBody(req.UpdateHqDuckingRequestSchema) },
      responses: { 200: jsonResponse('Updated profile', dto.HqMeResponseSchema), ...errorResponses({ ...scopeErrors, 400: ['VALIDATION_FAILED'] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInput(req.UpdateHqDuckingRequestSchema, request.body);
      res.json(dto.hqMe(await replaceHqDucking(ctx, actorOf(principal), hq.id, body)));
    },
  );

  // ---------- stores ----------
  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/hq/stores',
      summary: "The HQ's stores: SUSPENDED, INACTIVE first, then name, id",
      tags: STORES,
      request: { query: req.HqStoresQuerySchema },
      responses: { 200: jsonResponse('Page of stores', dto.HqStoreListResponseSchema), ...errorResponses({ ...scopeErrors, 400: ['VALIDATION_FAILED', 'INVALID_ENUM_VALUE'] }) },
    },
    async (request, res) => {
      const hq = await callerHq(ctx, principalOf(request));
      const paging = parseInput(pagingSchema(), request.query);
      const filters = {
        q: qParam(request.query.q),
        status: enumParam(STORE_STATUSES, 'status', request.query.status),
        type: enumParam(STORE_TYPES, 'type', request.query.type),
        hasManagerAccount: boolParam('hasManagerAccount', request.query.hasManagerAccount),
      };
      const { rows, total } = await listHqStores(ctx, hq, filters, paging);
      res.json({ items: rows.map((r) => dto.hqStoreListItem(r.store, r.hasManagerAccount)), page: paging.page, size: paging.size, total });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/hq/stores',
      summary: 'Create a store (a manager email also creates its account; setup email after the commit)',
      tags: STORES,
      request: { body: jsonBody(req.CreateHqStoreRequestSchema) },
      responses: {
        201: jsonResponse('Created', dto.CreateHqStoreResponseSchema),
        ...errorResponses({ ...scopeErrors, 400: [INVALID], 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_HQ_SUSPENDED'], 409: ['DUPLICATE_EMAIL'] }),
      },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInputAs(req.CreateHqStoreRequestSchema, request.body, INVALID);
      const created = await createHqStore(ctx, actorOf(principal), hq, toContact(body));
      res.status(201).json({ store: dto.hqStoreDetail(created.detail), managerAccount: created.managerAccount });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/hq/stores/bulk/template',
      summary: 'The bulk CSV template (UTF-8 with BOM; header 매장명,주소,점주명,점주 이메일,점주 연락처)',
      tags: STORES,
      responses: { 200: { description: 'text/csv', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(scopeErrors) },
    },
    async (request, res) => {
      await callerHq(ctx, principalOf(request));
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="stores-template.csv"; filename*=UTF-8''${encodeURIComponent('매장_일괄등록_템플릿.csv')}`)
        .send(Buffer.from(bulkTemplateCsv(), 'utf8'));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/hq/stores/bulk',
      summary: `Bulk store creation from CSV (multipart part "file"; header ${BULK_CSV_HEADER.join(',')}; at most ${BULK_MAX_ROWS} rows)`,
      tags: STORES,
      request: {
        body: { content: { 'multipart/form-data': { schema: z.object({ file: z.string().openapi({ type: 'string', format: 'binary' }) }) } }, required: true },
      },
      responses: {
        200: jsonResponse('Per-row results in input order', dto.BulkCreateHqStoreResponseSchema),
        ...errorResponses({ ...scopeErrors, 400: ['HQ_STORE_BULK_INVALID_FILE'], 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_HQ_SUSPENDED'], 413: ['PAYLOAD_TOO_LARGE'] }),
      },
    },
    csvUpload(bulkCsvMaxBytes),
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const file = request.file;
      res.json(await bulkCreateHqStores(ctx, actorOf(principal), hq, { buffer: file?.buffer, name: file?.originalname ?? null }));
    },
  );

  const notFound = { ...scopeErrors, 404: ['STORE_NOT_FOUND'] };

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/hq/stores/:id',
      summary: 'Store detail (another HQ’s or a missing store: 404)',
      tags: STORES,
      responses: { 200: jsonResponse('Store', dto.HqStoreDetailResponseSchema), ...errorResponses(notFound) },
    },
    async (request, res) => {
      const hq = await callerHq(ctx, principalOf(request));
      res.json(dto.hqStoreDetail(await getHqStore(ctx, hq, String(request.params.id))));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/hq/stores/:id',
      summary: 'Edit a store (absent unchanged, null clears, value sets; no differences = 200 no-op)',
      tags: STORES,
      request: { body: jsonBody(req.UpdateHqStoreRequestSchema) },
      responses: { 200: jsonResponse('Store', dto.HqStoreDetailResponseSchema), ...errorResponses({ ...notFound, 400: [INVALID] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const patch = parseInputAs(req.UpdateHqStoreRequestSchema, request.body, INVALID);
      res.json(dto.hqStoreDetail(await updateHqStore(ctx, actorOf(principal), hq, String(request.params.id), patch)));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/hq/stores/:id/commercial-cycle',
      summary: 'Set (1..100) or remove (null) the store commercial cycle override',
      tags: STORES,
      request: { body: jsonBody(req.UpdateStoreCommercialCycleRequestSchema) },
      responses: { 204: { description: 'Updated' }, ...errorResponses({ ...notFound, 400: [INVALID] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInputAs(req.UpdateStoreCommercialCycleRequestSchema, request.body, INVALID);
      await updateStoreCommercialCycle(ctx, actorOf(principal), hq, String(request.params.id), body.commercialCycleSongs);
      res.status(204).end();
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/hq/stores/:id/ducking',
      summary: 'Replace the store ducking overrides (all three keys; all null = inherit)',
      tags: STORES,
      request: { body: jsonBody(req.UpdateStoreDuckingRequestSchema) },
      responses: { 204: { description: 'Updated' }, ...errorResponses({ ...notFound, 400: [INVALID] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInputAs(req.UpdateStoreDuckingRequestSchema, request.body, INVALID);
      await replaceStoreDucking(ctx, actorOf(principal), hq, String(request.params.id), body);
      res.status(204).end();
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/hq/stores/:id/region',
      summary: 'Set or clear (null) the store region',
      tags: STORES,
      request: { body: jsonBody(req.UpdateStoreRegionRequestSchema) },
      responses: { 204: { description: 'Updated' }, ...errorResponses({ ...notFound, 400: [INVALID] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInputAs(req.UpdateStoreRegionRequestSchema, request.body, INVALID);
      await updateStoreRegion(ctx, actorOf(principal), hq, String(request.params.id), body.region);
      res.status(204).end();
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/hq/stores/:storeId/managers',
      summary: 'Issue a store manager account (password generated, never returned; setup email after the commit)',
      tags: STORES,
      request: { body: jsonBody(req.IssueHqStoreManagerRequestSchema) },
      responses: {
        200: jsonResponse('Issued', dto.HqStoreManagerIssueResponseSchema),
        ...errorResponses({ ...scopeErrors, 400: [INVALID], 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_HQ_SUSPENDED'], 409: ['DUPLICATE_EMAIL', 'STORE_ALREADY_CLOSED'] }),
      },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const hq = await callerHq(ctx, principal);
      const body = parseInputAs(req.IssueHqStoreManagerRequestSchema, request.body, INVALID);
      const issued = await issueStoreManager(ctx, {
        storeId: String(request.params.storeId),
        email: body.email,
        name: body.name ?? null,
        actor: actorOf(principal),
        callerHq: hq,
      });
      res.json({
        storeId: issued.storeId,
        managerAccount: { managerAccountId: issued.managerAccountId, email: issued.email, setupEmailSent: issued.setupEmailSent },
      });
    },
  );

  return router;
};
