import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import { getHqConsents } from '../app/get-hq-consents.use-case';
import type { LegalContext } from '../app/ports';
import { HqConsentsResponse, toHqConsentsResponse } from './hq-consents.schemas';

export const hqConsentsRouter = (api: ServiceApi, ctx: LegalContext): Router => {
  const router = api.router();
  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/hq/{id}/consents',
    operationId: 'getHqConsents',
    summary: "An HQ's consents (its HQ managers' agreements), newest first, with re-agree flags",
    tags: ['Legal agreement'],
    auth: { roles: ['OPERATOR'] },
    response: { status: 200, description: 'Consents of the HQ', schema: HqConsentsResponse },
    errors: { 404: ['HQ_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ params }) => toHqConsentsResponse(await getHqConsents(ctx, params.id)),
  });
  return router;
};
