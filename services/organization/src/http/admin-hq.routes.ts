import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import { onboardHq } from '../app/onboard-hq.use-case';
import { adminListHqsUseCase, changeHqStatus, getHqDetail, listHqsForDropdown, renameHq } from '../app/admin-hq.use-case';
import type { AppContext } from '../app/context';
import { deleteHq } from '../app/delete-organization.use-case';
import type { HqAction } from '../domain/hq-status';
import * as dto from './dto';
import * as req from './requests';

const tags = ['Operator: HQ administration'];
const auth = { roles: ['OPERATOR'] } as const;
const identityDown = { 503: ['SERVICE_UNAVAILABLE'] };

export const adminHqRoutes = (api: ServiceApi, ctx: AppContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/hq',
    operationId: 'onboardHq',
    summary: 'Onboard an HQ with its first HQ manager (path chosen by this service; the spec does not show it)',
    tags,
    auth,
    body: req.HqOnboardingRequestSchema,
    response: { status: 201, description: 'HQ created (ONBOARDING); setup email sent to the manager', schema: dto.HqOnboardingResponseSchema },
    errors: { 400: ['INVALID_BUSINESS_NUMBER'], 409: ['DUPLICATE_EMAIL'], ...identityDown },
    handler: ({ principal, body }) => onboardHq(ctx, principal, body),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/hq',
    operationId: 'listHqs',
    summary: 'HQ dropdown list (unpaged, by name)',
    tags,
    auth,
    response: { status: 200, description: 'HQs', schema: dto.HqListResponseSchema },
    handler: async () => ({ items: await listHqsForDropdown(ctx) }),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/hq/admin-list',
    operationId: 'listAdminHqs',
    summary: 'HQ admin list: UNPAID, SUSPENDED, ACTIVE, ONBOARDING, then name, id',
    tags,
    auth,
    query: req.AdminListHqsQuerySchema,
    response: { status: 200, description: 'Page of HQs', schema: dto.HqAdminListResponseSchema },
    errors: { 400: ['INVALID_ENUM_VALUE'] },
    handler: async ({ query: { page, size, ...filters } }) => {
      const { items, total } = await adminListHqsUseCase(ctx, filters, { page, size });
      return { items: items.map((i) => dto.hqAdminListItem(i.hq, i.storeCount)), page, size, total };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/hq/{id}',
    operationId: 'getHq',
    summary: 'HQ detail with its managers',
    tags,
    auth,
    response: { status: 200, description: 'HQ', schema: dto.HqDetailResponseSchema },
    errors: { 404: ['HQ_NOT_FOUND'], ...identityDown },
    handler: async ({ principal, params }) => dto.hqDetail(await getHqDetail(ctx, principal, params.id)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/hq/{id}',
    operationId: 'updateHq',
    summary: 'Rename an HQ',
    tags,
    auth,
    body: req.UpdateHqRequestSchema,
    response: { status: 200, description: 'HQ', schema: dto.HqDetailResponseSchema },
    errors: { 404: ['HQ_NOT_FOUND'], ...identityDown },
    handler: async ({ principal, params, body }) => dto.hqDetail(await renameHq(ctx, principal, params.id, body.name)),
  });

  const statusMove = (segment: string, operationId: string, action: HqAction, summary: string, errors: Record<number, string[]> = {}) =>
    api.define(router, {
      method: 'post',
      path: `/api/v1/admin/hq/{id}/${segment}`,
      operationId,
      summary,
      tags,
      auth,
      response: { status: 200, description: 'New status', schema: dto.HqStatusResponseSchema },
      errors: { 404: ['HQ_NOT_FOUND'], 409: ['HQ_INVALID_STATUS_TRANSITION'], ...errors },
      handler: async ({ principal, params }) => dto.hqStatus(await changeHqStatus(ctx, principal, params.id, action)),
    });
  statusMove('activate', 'activateHq', 'ACTIVATE', 'Activate an ONBOARDING HQ (audit HQ_ACTIVATED)');
  statusMove('reactivate', 'reactivateHq', 'REACTIVATE', 'Reactivate a SUSPENDED HQ (to ACTIVE, reason cleared)');
  statusMove('mark-unpaid', 'markHqUnpaid', 'MARK_UNPAID', 'Record a missed payment: ACTIVE → UNPAID (not the INDEPENDENT HQ)');
  statusMove('mark-paid', 'markHqPaid', 'MARK_PAID', 'Record the payment: UNPAID → ACTIVE');

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/hq/{id}/suspend',
    operationId: 'suspendHq',
    summary: 'Suspend an ACTIVE, ONBOARDING or UNPAID HQ',
    tags,
    auth,
    body: req.SuspendRequestSchema,
    response: { status: 200, description: 'New status', schema: dto.HqStatusResponseSchema },
    errors: { 403: ['INDEPENDENT_HQ_SUSPENSION_FORBIDDEN'], 404: ['HQ_NOT_FOUND'], 409: ['HQ_INVALID_STATUS_TRANSITION'] },
    handler: async ({ principal, params, body }) => dto.hqStatus(await changeHqStatus(ctx, principal, params.id, 'SUSPEND', body.reason)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/hq/{id}',
    operationId: 'deleteHq',
    summary: 'Soft-delete an HQ with all its stores (path chosen by this service; kept 90 days, then purged)',
    description:
      'Every live store of the HQ is deleted with it; their active devices are revoked; then the HQ managers and the store managers are withdrawn via identity (failures are counted and logged, the deletion stands). The INDEPENDENT HQ cannot be deleted. Events organization.store.deleted (each store) and organization.hq.deleted; audit HQ_DELETED.',
    tags,
    auth,
    response: { status: 200, description: 'Deleted', schema: dto.HqDeletionResponseSchema },
    errors: { 404: ['HQ_NOT_FOUND'], 409: ['HQ_INVALID_STATUS_TRANSITION'] },
    handler: async ({ principal, params }) => dto.hqDeletion(params.id, await deleteHq(ctx, principal, params.id)),
  });

  return router;
};
