import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import {
  adminListStoresUseCase,
  changeStoreStatus,
  getAdminStoreDetail,
  listAdminStoreManagers,
  onboardAffiliatedStore,
  onboardIndependentStore,
} from '../app/admin-store.use-case';
import type { AppContext } from '../app/context';
import { deleteStore } from '../app/delete-organization.use-case';
import { issueStoreManager } from '../app/issue-store-manager.use-case';
import * as dto from './dto';
import * as req from './requests';

const tags = ['Operator: store administration'];
const auth = { roles: ['OPERATOR'] } as const;
const identityDown = { 503: ['SERVICE_UNAVAILABLE'] };
const statusConflicts = { 404: ['STORE_NOT_FOUND'], 409: ['STORE_ALREADY_CLOSED', 'STORE_INVALID_STATUS_TRANSITION'] };

export const adminStoresRoutes = (api: ServiceApi, ctx: AppContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/stores/independent',
    operationId: 'onboardIndependentStore',
    summary: 'Onboard an independent store (under the virtual INDEPENDENT HQ)',
    tags,
    auth,
    body: req.StoreOnboardingRequestSchema,
    response: { status: 201, description: 'Store created', schema: dto.StoreOnboardingResponseSchema },
    errors: { 409: ['DUPLICATE_EMAIL'], ...identityDown },
    handler: ({ principal, body }) => onboardIndependentStore(ctx, principal, body.store),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/hq/{hqId}/stores',
    operationId: 'onboardAffiliatedStore',
    summary: 'Onboard an HQ-affiliated store (DIRECT or FRANCHISE; plan and billing day inherited)',
    tags,
    auth,
    body: req.HqAffiliatedStoreOnboardingRequestSchema,
    response: { status: 201, description: 'Store created', schema: dto.StoreOnboardingResponseSchema },
    errors: { 404: ['HQ_NOT_FOUND'], 409: ['DUPLICATE_EMAIL'], ...identityDown },
    handler: ({ principal, params, body }) => onboardAffiliatedStore(ctx, principal, params.hqId, body.store),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/stores/admin-list',
    operationId: 'listAdminStores',
    summary: 'Store admin list: SUSPENDED, INACTIVE, ACTIVE, then name, id',
    tags,
    auth,
    query: req.AdminListStoresQuerySchema,
    response: { status: 200, description: 'Page of stores', schema: dto.StoreAdminListResponseSchema },
    errors: { 400: ['INVALID_ENUM_VALUE'] },
    handler: async ({ query: { page, size, ...filters } }) => {
      const { rows, total } = await adminListStoresUseCase(ctx, filters, { page, size });
      return { items: rows.map((r) => dto.storeAdminListItem(r.store, r.hq, r.hasManagerAccount)), page, size, total };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/stores/{id}',
    operationId: 'getStore',
    summary: 'Store detail with its managers',
    tags,
    auth,
    response: { status: 200, description: 'Store', schema: dto.StoreDetailResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND'], ...identityDown },
    handler: async ({ principal, params }) => dto.storeDetail(await getAdminStoreDetail(ctx, principal, params.id)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/stores/{storeId}/suspend',
    operationId: 'suspendStore',
    summary: 'Suspend an ACTIVE or INACTIVE store',
    tags,
    auth,
    body: req.SuspendRequestSchema,
    response: { status: 200, description: 'New status', schema: dto.StoreStatusResponseSchema },
    errors: statusConflicts,
    handler: async ({ principal, params, body }) => dto.storeStatus(await changeStoreStatus(ctx, principal, params.storeId, 'SUSPEND', body.reason)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/stores/{storeId}/reactivate',
    operationId: 'reactivateStore',
    summary: 'Reactivate a SUSPENDED store (to ACTIVE)',
    tags,
    auth,
    response: { status: 200, description: 'New status', schema: dto.StoreStatusResponseSchema },
    errors: statusConflicts,
    handler: async ({ principal, params }) => dto.storeStatus(await changeStoreStatus(ctx, principal, params.storeId, 'REACTIVATE')),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/stores/{storeId}/close',
    operationId: 'closeStore',
    summary: 'Close a store (irreversible; status unchanged)',
    tags,
    auth,
    body: req.StoreCloseRequestSchema,
    response: { status: 200, description: 'Closed', schema: dto.StoreCloseResponseSchema },
    errors: statusConflicts,
    handler: async ({ principal, params, body }) => dto.storeClosed(await changeStoreStatus(ctx, principal, params.storeId, 'CLOSE', body.reason)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/stores/{storeId}/managers',
    operationId: 'issueStoreManager',
    summary: 'Issue a store manager account (setup email sent after the commit)',
    tags,
    auth,
    body: req.StoreManagerIssueRequestSchema,
    response: { status: 200, description: 'Issued', schema: dto.StoreManagerIssueResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND'], 409: ['DUPLICATE_EMAIL', 'STORE_ALREADY_CLOSED'], ...identityDown },
    handler: async ({ principal, params, body }) => {
      const issued = await issueStoreManager(ctx, principal, { storeId: params.storeId, ...body });
      return { storeId: issued.storeId, managerAccountId: issued.managerAccountId };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/stores/{storeId}/managers',
    operationId: 'listStoreManagers',
    summary: 'Store managers, ordered createdAt asc, id asc',
    tags,
    auth,
    response: { status: 200, description: 'Managers', schema: dto.StoreManagerListResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND'], ...identityDown },
    handler: async ({ principal, params }) => ({ items: (await listAdminStoreManagers(ctx, principal, params.storeId)).map(dto.managerItem) }),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/stores/{storeId}',
    operationId: 'deleteStore',
    summary: 'Soft-delete a store, closed or not (path chosen by this service; kept 90 days, then purged)',
    description:
      'The store leaves every read; its active devices are revoked; then its manager accounts are withdrawn via identity (failures are counted and logged, the deletion stands). Event organization.store.deleted; audit STORE_DELETED.',
    tags,
    auth,
    response: { status: 200, description: 'Deleted', schema: dto.StoreDeletionResponseSchema },
    errors: { 404: ['STORE_NOT_FOUND'] },
    handler: async ({ principal, params }) => dto.storeDeletion(params.storeId, await deleteStore(ctx, principal, params.storeId)),
  });

  return router;
};
