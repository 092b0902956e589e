import { Router, type Request } from 'express';
import { z } from 'zod';
import { pagingSchema, parseInput, principalOf } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { changeAccountStatus, type StatusAction } from '../app/change-account-status.use-case';
import { resendSetup } from '../app/resend-setup.use-case';
import { createOperator } from '../app/create-operator.use-case';
import { getOperator, listOperators } from '../app/list-operators.use-case';
import type { Role } from '../domain/account';
import type { Guards } from './middleware';
import { doc } from './openapi';
import {
  AccountSuspendRequest,
  CreateOperatorRequest,
  CreateOperatorResponse,
  ListOperatorsParams,
  ManagerAccountResponse,
  OperatorItem,
  OperatorListResponse,
  ResetPasswordRequest,
} from './schemas';

const TAG = 'Accounts (operator)';
/**
 * Where each kind of account is acted on: manager accounts next to the spec's
 * /api/v1/admin/accounts/{accountId}/resend-setup, operators next to the operator list.
 * The role in the path gives the spec's 404 code for a missing account.
 */
const KINDS: Array<{ base: string; role: Role; label: string; notFound: string }> = [
  { base: '/api/v1/admin/accounts/hq-managers', role: 'HQ_MANAGER', label: 'HQ manager', notFound: 'HQ_MANAGER_NOT_FOUND' },
  { base: '/api/v1/admin/accounts/store-managers', role: 'STORE_MANAGER', label: 'store manager', notFound: 'STORE_MANAGER_NOT_FOUND' },
  { base: '/api/v1/admin/operators', role: 'OPERATOR', label: 'operator', notFound: 'ACCOUNT_NOT_FOUND' },
];
const AccountIdParams = z.object({ accountId: z.string() });
const commonErrors = (notFoundCode: string) => ({
  401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'],
  403: ['FORBIDDEN', 'IMPERSONATION_FORBIDDEN_ACTION', 'PRINCIPAL_SCOPE_MISMATCH', 'PASSWORD_CHANGE_REQUIRED'],
  404: [notFoundCode],
  409: ['ACCOUNT_INVALID_STATUS_TRANSITION'],
});

/**
 * Operator account actions (paths "not shown" in spec 02, chosen here):
 * /api/v1/admin/accounts/{hq-managers|store-managers}/{accountId}/{reset-password|suspend|reactivate}
 * and /api/v1/admin/operators/{accountId}/{...}; DELETE on the account path revokes; operator
 * list/create/get; and the spec's POST /api/v1/admin/accounts/{accountId}/resend-setup.
 */
export const adminAccountRoutes = (ctx: IdentityContext, guards: Guards): Router => {
  const r = Router();
  const ops = guards.operator;

  for (const kind of KINDS) {
    const base = `${kind.base}/:accountId`;
    const docBase = `${kind.base}/{accountId}`;
    const act = (req: Request, action: StatusAction, extra: { reason?: string; tempPassword?: string } = {}) =>
      changeAccountStatus(ctx, principalOf(req), { role: kind.role, accountId: String(req.params.accountId), action, ...extra });

    doc({ method: 'post', path: `${docBase}/reset-password`, tag: TAG, auth: true, summary: `Reset the password of an ${kind.label} (ACTIVE only; passwordMustChange becomes true, sessions end)`,
      params: AccountIdParams, body: ResetPasswordRequest, ok: { status: 200, description: 'Account state', schema: ManagerAccountResponse },
      errors: { 400: ['VALIDATION_FAILED'], ...commonErrors(kind.notFound) } });
    r.post(`${base}/reset-password`, ...ops, async (req, res) => {
      res.json(await act(req, 'RESET_PASSWORD', parseInput(ResetPasswordRequest, req.body)));
    });

    doc({ method: 'post', path: `${docBase}/suspend`, tag: TAG, auth: true, summary: `Suspend an ${kind.label} (ACTIVE → SUSPENDED; sessions end)`,
      params: AccountIdParams, body: AccountSuspendRequest, ok: { status: 200, description: 'Account state', schema: ManagerAccountResponse },
      errors: { 400: ['VALIDATION_FAILED'], ...commonErrors(kind.notFound) } });
    r.post(`${base}/suspend`, ...ops, async (req, res) => {
      res.json(await act(req, 'SUSPEND', parseInput(AccountSuspendRequest, req.body)));
    });

    doc({ method: 'post', path: `${docBase}/reactivate`, tag: TAG, auth: true, summary: `Reactivate an ${kind.label} (SUSPENDED → ACTIVE)`,
      params: AccountIdParams, ok: { status: 200, description: 'Account state', schema: ManagerAccountResponse }, errors: commonErrors(kind.notFound) });
    r.post(`${base}/reactivate`, ...ops, async (req, res) => {
      res.json(await act(req, 'REACTIVATE'));
    });

    doc({ method: 'delete', path: docBase, tag: TAG, auth: true, summary: `Revoke an ${kind.label} (ACTIVE or SUSPENDED → WITHDRAWN, terminal; sessions and links end)`,
      params: AccountIdParams, ok: { status: 200, description: 'Account state (status WITHDRAWN)', schema: ManagerAccountResponse }, errors: commonErrors(kind.notFound) });
    r.delete(base, ...ops, async (req, res) => {
      res.json(await act(req, 'REVOKE'));
    });
  }

  doc({ method: 'post', path: '/api/v1/admin/accounts/{accountId}/resend-setup', tag: TAG, auth: true, summary: 'Send a new setup link (earlier links stop working)',
    params: AccountIdParams, ok: { status: 204, description: 'Sent' },
    errors: { ...commonErrors('ACCOUNT_NOT_FOUND'), 503: ['SERVICE_UNAVAILABLE (mail transport refused)'] } });
  r.post('/api/v1/admin/accounts/:accountId/resend-setup', ...ops, async (req, res) => {
    await resendSetup(ctx, principalOf(req), String(req.params.accountId));
    res.status(204).end();
  });

  const paging = pagingSchema();
  doc({ method: 'get', path: '/api/v1/admin/operators', tag: TAG, auth: true, summary: 'Operators (ListOperatorsParams); created_at asc, id asc',
    query: ListOperatorsParams, ok: { status: 200, description: 'Page of operators', schema: OperatorListResponse },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN'] } });
  r.get('/api/v1/admin/operators', ...ops, async (req, res) => {
    const q = parseInput(ListOperatorsParams, req.query);
    res.json(await listOperators(ctx, { q: q.q, status: q.status, ...paging.parse(req.query) }));
  });

  doc({ method: 'post', path: '/api/v1/admin/operators', tag: TAG, auth: true, summary: 'Create an operator (passwordMustChange true; setup email sent)',
    body: CreateOperatorRequest, ok: { status: 201, description: 'The operator', schema: CreateOperatorResponse },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN', 'IMPERSONATION_FORBIDDEN_ACTION'], 409: ['DUPLICATE_EMAIL'] } });
  r.post('/api/v1/admin/operators', ...ops, async (req, res) => {
    res.status(201).json(await createOperator(ctx, principalOf(req), parseInput(CreateOperatorRequest, req.body)));
  });

  doc({ method: 'get', path: '/api/v1/admin/operators/{accountId}', tag: TAG, auth: true, summary: 'One operator',
    params: AccountIdParams, ok: { status: 200, description: 'The operator', schema: OperatorItem }, errors: { 404: ['ACCOUNT_NOT_FOUND'] } });
  r.get('/api/v1/admin/operators/:accountId', ...ops, async (req, res) => {
    res.json(await getOperator(ctx, String(req.params.accountId)));
  });

  return r;
};
