import type { ServiceApi } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { changeAccountStatus } from '../app/change-account-status.use-case';
import { resendSetup } from '../app/resend-setup.use-case';
import { createOperator } from '../app/create-operator.use-case';
import { getOperator, listOperators } from '../app/list-operators.use-case';
import type { Role } from '../domain/account';
import {
  AccountSuspendRequest,
  CreateOperatorRequest,
  CreateOperatorResponse,
  ListOperatorsParams,
  ManagerAccountResponse,
  OperatorItem,
  OperatorListResponse,
  ResetPasswordRequest,
} from './admin-accounts.schemas';
import { OPERATOR_ERRORS, OPERATOR_ONLY } from './operator-auth';

const TAGS = ['Accounts (operator)'];

/**
 * Where each kind of account is acted on: manager accounts next to the spec's
 * /api/v1/admin/accounts/{accountId}/resend-setup, operators next to the operator list.
 * The role in the path gives the spec's 404 code for a missing account; `op` names the
 * operationIds (suspendHqManager, resetOperatorPassword...).
 */
const KINDS: Array<{ base: string; role: Role; label: string; op: string; notFound: string }> = [
  { base: '/api/v1/admin/accounts/hq-managers', role: 'HQ_MANAGER', label: 'HQ manager', op: 'HqManager', notFound: 'HQ_MANAGER_NOT_FOUND' },
  { base: '/api/v1/admin/accounts/store-managers', role: 'STORE_MANAGER', label: 'store manager', op: 'StoreManager', notFound: 'STORE_MANAGER_NOT_FOUND' },
  { base: '/api/v1/admin/operators', role: 'OPERATOR', label: 'operator', op: 'Operator', notFound: 'ACCOUNT_NOT_FOUND' },
];
const lifecycleErrors = (notFoundCode: string) => ({ ...OPERATOR_ERRORS, 404: [notFoundCode], 409: ['ACCOUNT_INVALID_STATUS_TRANSITION'] });
const stateResponse = (description: string) => ({ status: 200, description, schema: ManagerAccountResponse });

/**
 * Operator account actions (paths "not shown" in spec 02, chosen here):
 * {kind}/{accountId}/{reset-password|suspend|reactivate}, DELETE {kind}/{accountId} (revoke), the
 * operator list/create/get, and the spec's POST /api/v1/admin/accounts/{accountId}/resend-setup.
 */
export const adminAccountRoutes = (api: ServiceApi, ctx: IdentityContext) => {
  const r = api.router();

  for (const kind of KINDS) {
    const path = `${kind.base}/{accountId}` as const;
    const article = kind.role === 'OPERATOR' ? 'an' : 'a';

    api.define(r, {
      method: 'post', path: `${path}/reset-password`, operationId: `reset${kind.op}Password`, tags: TAGS,
      summary: `Reset the password of ${article} ${kind.label} (ACTIVE only; passwordMustChange becomes true, sessions end)`,
      auth: OPERATOR_ONLY, body: ResetPasswordRequest,
      response: stateResponse('Account state'), errors: lifecycleErrors(kind.notFound),
      handler: ({ principal, params, body }) =>
        changeAccountStatus(ctx, principal, { role: kind.role, accountId: params.accountId, action: 'RESET_PASSWORD', tempPassword: body.tempPassword }),
    });

    api.define(r, {
      method: 'post', path: `${path}/suspend`, operationId: `suspend${kind.op}`, tags: TAGS,
      summary: `Suspend ${article} ${kind.label} (ACTIVE → SUSPENDED; sessions end)`,
      auth: OPERATOR_ONLY, body: AccountSuspendRequest,
      response: stateResponse('Account state'), errors: lifecycleErrors(kind.notFound),
      handler: ({ principal, params, body }) => changeAccountStatus(ctx, principal, { role: kind.role, accountId: params.accountId, action: 'SUSPEND', reason: body.reason }),
    });

    api.define(r, {
      method: 'post', path: `${path}/reactivate`, operationId: `reactivate${kind.op}`, tags: TAGS,
      summary: `Reactivate ${article} ${kind.label} (SUSPENDED → ACTIVE)`,
      auth: OPERATOR_ONLY,
      response: stateResponse('Account state'), errors: lifecycleErrors(kind.notFound),
      handler: ({ principal, params }) => changeAccountStatus(ctx, principal, { role: kind.role, accountId: params.accountId, action: 'REACTIVATE' }),
    });

    api.define(r, {
      method: 'delete', path, operationId: `revoke${kind.op}`, tags: TAGS,
      summary: `Revoke ${article} ${kind.label} (ACTIVE or SUSPENDED → WITHDRAWN, terminal; sessions and links end)`,
      auth: OPERATOR_ONLY,
      response: stateResponse('Account state (status WITHDRAWN)'), errors: lifecycleErrors(kind.notFound),
      handler: ({ principal, params }) => changeAccountStatus(ctx, principal, { role: kind.role, accountId: params.accountId, action: 'REVOKE' }),
    });
  }

  api.define(r, {
    method: 'post', path: '/api/v1/admin/accounts/{accountId}/resend-setup', operationId: 'resendAccountSetup', tags: TAGS,
    summary: 'Send a new setup link (earlier links stop working)',
    auth: OPERATOR_ONLY,
    response: { status: 204, description: 'Sent' },
    errors: { ...lifecycleErrors('ACCOUNT_NOT_FOUND'), 503: ['SERVICE_UNAVAILABLE (mail transport refused)'] },
    handler: async ({ principal, params }) => {
      await resendSetup(ctx, principal, params.accountId);
    },
  });

  api.define(r, {
    method: 'get', path: '/api/v1/admin/operators', operationId: 'listOperators', tags: TAGS, summary: 'Operators (ListOperatorsParams); created_at asc, id asc',
    auth: OPERATOR_ONLY, query: ListOperatorsParams,
    response: { status: 200, description: 'Page of operators', schema: OperatorListResponse },
    errors: OPERATOR_ERRORS,
    handler: ({ principal, query }) => listOperators(ctx, principal, query),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/admin/operators', operationId: 'createOperator', tags: TAGS, summary: 'Create an operator (passwordMustChange true; setup email sent)',
    auth: OPERATOR_ONLY, body: CreateOperatorRequest,
    response: { status: 201, description: 'The operator', schema: CreateOperatorResponse },
    errors: { ...OPERATOR_ERRORS, 409: ['DUPLICATE_EMAIL'] },
    handler: ({ principal, body }) => createOperator(ctx, principal, body),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/admin/operators/{accountId}', operationId: 'getOperator', tags: TAGS, summary: 'One operator',
    auth: OPERATOR_ONLY,
    response: { status: 200, description: 'The operator', schema: OperatorItem },
    errors: { ...OPERATOR_ERRORS, 404: ['ACCOUNT_NOT_FOUND'] },
    handler: ({ principal, params }) => getOperator(ctx, principal, params.accountId),
  });

  return r;
};
