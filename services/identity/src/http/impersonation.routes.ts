import type { ServiceApi } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { exchangeImpersonation, issueImpersonation } from '../app/impersonation.use-case';
import { ImpersonateExchangeRequest, ImpersonationExchangeResponseSchema, ImpersonationIssueResponseSchema } from './impersonation.schemas';
import { OPERATOR_ERRORS, OPERATOR_ONLY } from './operator-auth';

const TAGS = ['Impersonation'];

/** An operator enters a FRANCHISE HQ as its HQ manager: issue (operator) and exchange (public, the token is the credential). */
export const impersonationRoutes = (api: ServiceApi, ctx: IdentityContext) => {
  const r = api.router();

  api.define(r, {
    method: 'post', path: '/api/v1/admin/hq/{id}/impersonate', operationId: 'issueHqImpersonation', tags: TAGS,
    summary: 'Issue a 60 s single-use exchange token to enter a FRANCHISE HQ as its HQ manager',
    auth: OPERATOR_ONLY,
    response: { status: 200, description: 'ImpersonationIssueResponse', schema: ImpersonationIssueResponseSchema },
    errors: {
      403: [...OPERATOR_ERRORS[403], 'INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN'],
      404: ['HQ_NOT_FOUND', 'HQ_MANAGER_NOT_FOUND'],
      503: ['SERVICE_UNAVAILABLE (organization service unreachable)'],
    },
    handler: ({ principal, params }) => issueImpersonation(ctx, principal, params.id),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/impersonate-exchange', operationId: 'exchangeImpersonationToken', tags: TAGS,
    summary: 'Exchange an impersonation token for a 60-minute HQ manager session',
    auth: 'public', body: ImpersonateExchangeRequest,
    response: { status: 200, description: 'ImpersonationExchangeResponse', schema: ImpersonationExchangeResponseSchema },
    errors: {
      401: ['EXCHANGE_TOKEN_NOT_FOUND', 'EXCHANGE_TOKEN_EXPIRED', 'EXCHANGE_TOKEN_CONSUMED', 'AUTH_ACCOUNT_SUSPENDED'],
      403: ['AUTH_HQ_SUSPENDED'],
      503: ['SERVICE_UNAVAILABLE (organization service unreachable)'],
    },
    handler: ({ body }) => exchangeImpersonation(ctx, body),
  });

  return r;
};
