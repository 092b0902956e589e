import { notFound, offsetOf, pageEnvelope, type Paging, type Principal } from '@storecast/service-kit';
import { findById, listOperators as queryOperators } from '../db/accounts.repository';
import type { AccountRow } from '../db/schema';
import type { IdentityContext } from './context';
import { assertActiveOperator } from './operator-scope';

/** Operator list item (fields "not shown" in spec 02: chosen like HqManagerItem plus updatedAt). */
export const toOperatorItem = (a: AccountRow) => ({
  id: a.id,
  email: a.email,
  name: a.name,
  status: a.status,
  passwordMustChange: a.passwordMustChange,
  lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/** GET /api/v1/admin/operators (ListOperatorsParams): q on email or name, status, paging; created_at asc, id asc. */
export const listOperators = async (ctx: IdentityContext, principal: Principal, params: { q?: string; status?: AccountRow['status'] } & Paging) => {
  await assertActiveOperator(ctx, principal);
  const { rows, total } = await queryOperators(ctx.db, { q: params.q || undefined, status: params.status, limit: params.size, offset: offsetOf(params) });
  return pageEnvelope(rows.map(toOperatorItem), params, total);
};

/** GET /api/v1/admin/operators/{accountId}: 404 ACCOUNT_NOT_FOUND when absent or not an operator. */
export const getOperator = async (ctx: IdentityContext, principal: Principal, id: string) => {
  await assertActiveOperator(ctx, principal);
  const a = await findById(ctx.db, id);
  if (!a || a.role !== 'OPERATOR') throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
  return toOperatorItem(a);
};
