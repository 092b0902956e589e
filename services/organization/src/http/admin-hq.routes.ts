import { Router } from 'express';
import { errorResponses, jsonBody, jsonResponse, pagingSchema, parseInput, principalOf } from '@storecast/service-kit';
import { actorOf } from '../app/actor';
import { onboardHq } from '../app/onboard-hq.use-case';
import { adminListHqsUseCase, changeHqStatus, getHqDetail, listHqsForDropdown, renameHq } from '../app/admin-hq.use-case';
import type { HqAction } from '../domain/hq-status';
import { HQ_STATUSES, HQ_TYPES, PLANS } from '../domain/enums';
import { defineRoute } from './route';
import { signedIn } from '@storecast/service-kit';
import { enumParam, qParam } from './params';
import type { RouterDeps } from './deps';
import * as dto from './dto';
import * as req from './requests';

const TAG = ['Operator: HQ administration'];

export const adminHqRouter = ({ ctx, verifier, registry }: RouterDeps): Router => {
  const router = Router();
  router.use('/api/v1/admin', ...signedIn(verifier, 'OPERATOR'));

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/hq',
      summary: 'Onboard an HQ with its first HQ manager (path chosen by this service; the spec does not show it)',
      tags: TAG,
      request: { body: jsonBody(req.HqOnboardingRequestSchema) },
      responses: {
        201: jsonResponse('HQ created (ONBOARDING); setup email sent to the manager', dto.HqOnboardingResponseSchema),
        ...errorResponses({ 400: ['VALIDATION_FAILED', 'INVALID_BUSINESS_NUMBER'], 409: ['DUPLICATE_EMAIL'] }),
      },
    },
    async (request, res) => {
      const body = parseInput(req.HqOnboardingRequestSchema, request.body);
      const result = await onboardHq(ctx, actorOf(principalOf(request)), {
        hq: { ...body.hq, businessNumber: body.hq.businessNumber || null, llmKeywords: body.hq.llmKeywords || null },
        manager: body.manager,
      });
      res.status(201).json({ hqId: result.hqId, managerAccountId: result.managerAccountId });
    },
  );

  defineRoute(
    router,
    registry,
    { method: 'get', path: '/api/v1/admin/hq', summary: 'HQ dropdown list (unpaged, by name)', tags: TAG, responses: { 200: jsonResponse('HQs', dto.HqListResponseSchema) } },
    async (_request, res) => {
      res.json({ items: await listHqsForDropdown(ctx) });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/admin/hq/admin-list',
      summary: 'HQ admin list: UNPAID, SUSPENDED, ACTIVE, ONBOARDING, then name, id',
      tags: TAG,
      request: { query: req.AdminListHqsQuerySchema },
      responses: { 200: jsonResponse('Page of HQs', dto.HqAdminListResponseSchema), ...errorResponses({ 400: ['VALIDATION_FAILED', 'INVALID_ENUM_VALUE'] }) },
    },
    async (request, res) => {
      const paging = parseInput(pagingSchema(), request.query);
      const filters = {
        q: qParam(request.query.q),
        status: enumParam(HQ_STATUSES, 'status', request.query.status),
        type: enumParam(HQ_TYPES, 'type', request.query.type),
        plan: enumParam(PLANS, 'plan', request.query.plan),
      };
      const { items, total } = await adminListHqsUseCase(ctx, filters, paging);
      res.json({ items: items.map((i) => dto.hqAdminListItem(i.hq, i.storeCount)), page: paging.page, size: paging.size, total });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/admin/hq/:id',
      summary: 'HQ detail with its managers',
      tags: TAG,
      responses: { 200: jsonResponse('HQ', dto.HqDetailResponseSchema), ...errorResponses({ 404: ['HQ_NOT_FOUND'] }) },
    },
    async (request, res) => {
      res.json(dto.hqDetail(await getHqDetail(ctx, String(request.params.id))));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/admin/hq/:id',
      summary: 'Rename an HQ',
      tags: TAG,
      request: { body: jsonBody(req.UpdateHqRequestSchema) },
      responses: { 200: jsonResponse('HQ', dto.HqDetailResponseSchema), ...errorResponses({ 400: ['VALIDATION_FAILED'], 404: ['HQ_NOT_FOUND'] }) },
    },
    async (request, res) => {
      const body = parseInput(req.UpdateHqRequestSchema, request.body);
      res.json(dto.hqDetail(await renameHq(ctx, actorOf(principalOf(request)), String(request.params.id), body.name)));
    },
  );

  const statusRoute = (segment: string, action: HqAction, summary: string, withReason: boolean, extra: Record<number, string[]> = {}) =>
    defineRoute(
      router,
      registry,
      {
        method: 'post',
        path: `/api/v1/admin/hq/:id/${segment}`,
        summary,
        tags: TAG,
        request: withReason ? { body: jsonBody(req.SuspendRequestSchema) } : undefined,
        responses: {
          200: jsonResponse('New status', dto.HqStatusResponseSchema),
          ...errorResponses({ ...(withReason ? { 400: ['VALIDATION_FAILED'] } : ({} as Record<number, string[]>)), 404: ['HQ_NOT_FOUND'], 409: ['HQ_INVALID_STATUS_TRANSITION'], ...extra }),
        },
      },
      async (request, res) => {
        const reason = withReason ? parseInput(req.SuspendRequestSchema, request.body).reason : undefined;
        res.json(dto.hqStatus(await changeHqStatus(ctx, actorOf(principalOf(request)), String(request.params.id), action, reason)));
      },
    );
  statusRoute('activate', 'ACTIVATE', 'Activate an ONBOARDING HQ (audit HQ_ACTIVATED)', false);
  statusRoute('suspend', 'SUSPEND', 'Suspend an ACTIVE, ONBOARDING or UNPAID HQ', true, { 403: ['INDEPENDENT_HQ_SUSPENSION_FORBIDDEN'] });
  statusRoute('reactivate', 'REACTIVATE', 'Reactivate a SUSPENDED HQ (to ACTIVE, reason cleared)', false);
  statusRoute('mark-unpaid', 'MARK_UNPAID', 'Record a missed payment: ACTIVE → UNPAID (not the INDEPENDENT HQ)', false);
  statusRoute('mark-paid', 'MARK_PAID', 'Record the payment: UNPAID → ACTIVE', false);

  return router;
};
