import { Router } from 'express';
import { errorResponses, jsonBody, jsonResponse, pagingSchema, parseInput, principalOf } from '@storecast/service-kit';
import { actorOf } from '../app/actor';
import {
  adminListStoresUseCase,
  changeStoreStatus,
  getAdminStoreDetail,
  listAdminStoreManagers,
  onboardAffiliatedStore,
  onboardIndependentStore,
} from '../app/admin-store.use-case';
import { issueStoreManager } from '../app/issue-store-manager.use-case';
import { PLANS, STORE_STATUSES, STORE_TYPES } from '../domain/enums';
import { defineRoute } from './route';
import { signedIn } from '@storecast/service-kit';
import { enumParam, qParam } from './params';
import type { RouterDeps } from './deps';
import * as dto from './dto';
import * as req from './requests';

const TAG = ['Operator: store administration'];

const contactOf = (s: { name: string; address?: string | null; managerName?: string | null; managerEmail?: string | null; managerPhone?: string | null }) => ({
  name: s.name,
  address: s.address ?? null,
  managerName: s.managerName ?? null,
  managerEmail: s.managerEmail ?? null,
  managerPhone: s.managerPhone ?? null,
});

export const adminStoresRouter = ({ ctx, verifier, registry }: RouterDeps): Router => {
  const router = Router();
  router.use('/api/v1/admin', ...signedIn(verifier, 'OPERATOR'));

  const onboardingErrors = errorResponses({ 400: ['VALIDATION_FAILED'], 404: ['HQ_NOT_FOUND'], 409: ['DUPLICATE_EMAIL'] });

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/stores/independent',
      summary: 'Onboard an independent store (under the virtual INDEPENDENT HQ)',
      tags: TAG,
      request: { body: jsonBody(req.StoreOnboardingRequestSchema) },
      responses: { 201: jsonResponse('Store created', dto.StoreOnboardingResponseSchema), ...onboardingErrors },
    },
    async (request, res) => {
      const { store } = parseInput(req.StoreOnboardingRequestSchema, request.body);
      const result = await onboardIndependentStore(ctx, actorOf(principalOf(request)), {
        ...contactOf(store),
        plan: store.plan,
        billingAnchorDay: store.billingAnchorDay,
      });
      res.status(201).json(result);
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/hq/:hqId/stores',
      summary: 'Onboard an HQ-affiliated store (DIRECT or FRANCHISE; plan and billing day inherited)',
      tags: TAG,
      request: { body: jsonBody(req.HqAffiliatedStoreOnboardingRequestSchema) },
      responses: { 201: jsonResponse('Store created', dto.StoreOnboardingResponseSchema), ...onboardingErrors },
    },
    async (request, res) => {
      const { store } = parseInput(req.HqAffiliatedStoreOnboardingRequestSchema, request.body);
      const result = await onboardAffiliatedStore(ctx, actorOf(principalOf(request)), String(request.params.hqId), {
        ...contactOf(store),
        storeType: store.storeType,
      });
      res.status(201).json(result);
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/admin/stores/admin-list',
      summary: 'Store admin list: SUSPENDED, INACTIVE, ACTIVE, then name, id',
      tags: TAG,
      request: { query: req.AdminListStoresQuerySchema },
      responses: { 200: jsonResponse('Page of stores', dto.StoreAdminListResponseSchema), ...errorResponses({ 400: ['VALIDATION_FAILED', 'INVALID_ENUM_VALUE'] }) },
    },
    async (request, res) => {
      const paging = parseInput(pagingSchema(), request.query);
      const filters = {
        q: qParam(request.query.q),
        status: enumParam(STORE_STATUSES, 'status', request.query.status),
        type: enumParam(STORE_TYPES, 'type', request.query.type),
        plan: enumParam(PLANS, 'plan', request.query.plan),
        hqId: typeof request.query.hqId === 'string' && request.query.hqId !== '' ? request.query.hqId : undefined,
      };
      const { rows, total } = await adminListStoresUseCase(ctx, filters, paging);
      res.json({ items: rows.map((r) => dto.storeAdminListItem(r.store, r.hq, r.hasManagerAccount)), page: paging.page, size: paging.size, total });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/admin/stores/:id',
      summary: 'Store detail with its managers',
      tags: TAG,
      responses: { 200: jsonResponse('Store', dto.StoreDetailResponseSchema), ...errorResponses({ 404: ['STORE_NOT_FOUND'] }) },
    },
    async (request, res) => {
      res.json(dto.storeDetail(await getAdminStoreDetail(ctx, String(request.params.id))));
    },
  );

  const statusErrors = (withReason: boolean) =>
    errorResponses({ ...(withReason ? { 400: ['VALIDATION_FAILED'] } : ({} as Record<number, string[]>)), 404: ['STORE_NOT_FOUND'], 409: ['STORE_ALREADY_CLOSED', 'STORE_INVALID_STATUS_TRANSITION'] });

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/stores/:storeId/suspend',
      summary: 'Suspend an ACTIVE or INACTIVE store',
      tags: TAG,
      request: { body: jsonBody(req.SuspendRequestSchema) },
      responses: { 200: jsonResponse('New status', dto.StoreStatusResponseSchema), ...statusErrors(true) },
    },
    async (request, res) => {
      const { reason } = parseInput(req.SuspendRequestSchema, request.body);
      res.json(dto.storeStatus(await changeStoreStatus(ctx, actorOf(principalOf(request)), String(request.params.storeId), 'SUSPEND', reason)));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/stores/:storeId/reactivate',
      summary: 'Reactivate a SUSPENDED store (to ACTIVE)',
      tags: TAG,
      responses: { 200: jsonResponse('New status', dto.StoreStatusResponseSchema), ...statusErrors(false) },
    },
    async (request, res) => {
      res.json(dto.storeStatus(await changeStoreStatus(ctx, actorOf(principalOf(request)), String(request.params.storeId), 'REACTIVATE')));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/stores/:storeId/close',
      summary: 'Close a store (irreversible; status unchanged)',
      tags: TAG,
      request: { body: jsonBody(req.StoreCloseRequestSchema) },
      responses: { 200: jsonResponse('Closed', dto.StoreCloseResponseSchema), ...statusErrors(true) },
    },
    async (request, res) => {
      const { reason } = parseInput(req.StoreCloseRequestSchema, request.body);
      const store = await changeStoreStatus(ctx, actorOf(principalOf(request)), String(request.params.storeId), 'CLOSE', reason);
      res.json({ storeId: store.id, closedAt: store.closedAt!.toISOString() });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/admin/stores/:storeId/managers',
      summary: 'Issue a store manager account (setup email sent after the commit)',
      tags: TAG,
      request: { body: jsonBody(req.StoreManagerIssueRequestSchema) },
      responses: {
        200: jsonResponse('Issued', dto.StoreManagerIssueResponseSchema),
        ...errorResponses({ 400: ['VALIDATION_FAILED'], 404: ['STORE_NOT_FOUND'], 409: ['DUPLICATE_EMAIL', 'STORE_ALREADY_CLOSED'] }),
      },
    },
    async (request, res) => {
      const body = parseInput(req.StoreManagerIssueRequestSchema, request.body);
      const issued = await issueStoreManager(ctx, {
        storeId: String(request.params.storeId),
        email: body.email,
        name: body.name,
        tempPassword: body.tempPassword,
        actor: actorOf(principalOf(request)),
      });
      res.json({ storeId: issued.storeId, managerAccountId: issued.managerAccountId });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/admin/stores/:storeId/managers',
      summary: 'Store managers, ordered createdAt asc, id asc',
      tags: TAG,
      responses: { 200: jsonResponse('Managers', dto.StoreManagerListResponseSchema), ...errorResponses({ 404: ['STORE_NOT_FOUND'] }) },
    },
    async (request, res) => {
      const managers = await listAdminStoreManagers(ctx, String(request.params.storeId));
      res.json({ items: managers.map(dto.managerItem) });
    },
  );

  return router;
};
