import { conflict, emit, notFound, writeAudit, type Principal } from '@storecast/service-kit';
import { consumeOpenLinks, deleteRefreshTokens, findById, updateAccount } from '../db/accounts.repository';
import { auditActionFor, notFoundCodeFor, transition, type LifecycleAction, type Role } from '../domain/account';
import type { IdentityContext } from './context';
import { assertActiveOperator } from './operator-scope';
import { revokeAccessTokens } from './sessions';

export type StatusAction = Exclude<LifecycleAction, 'RESEND_SETUP'>;

const NOT_FOUND_MESSAGE: Record<Role, string> = {
  HQ_MANAGER: 'HQ manager account not found',
  STORE_MANAGER: 'Store manager account not found',
  OPERATOR: 'Account not found',
};

/**
 * Operator lifecycle actions on an account of the given role (the role comes from the path):
 * suspend (reason), reactivate, revoke (WITHDRAWN, terminal), reset password (ACTIVE only →
 * passwordMustChange true). Suspend, revoke and reset end every session; revoke also ends open links.
 * Invalid moves 409 ACCOUNT_INVALID_STATUS_TRANSITION; an account missing or of another role
 * 404 HQ_MANAGER_NOT_FOUND / STORE_MANAGER_NOT_FOUND / ACCOUNT_NOT_FOUND. Operators cannot suspend
 * or revoke themselves (409 ACCOUNT_INVALID_STATUS_TRANSITION), so one active operator always
 * remains. Audit `<ROLE>_<ACTION>` and event identity.account.status-changed in the same transaction.
 * Answers the account's state (ManagerAccountResponse).
 */
export const changeAccountStatus = async (
  ctx: IdentityContext,
  principal: Principal,
  input: { role: Role; accountId: string; action: StatusAction; reason?: string; tempPassword?: string },
) => {
  await assertActiveOperator(ctx, principal);
  const missing = () => notFound(notFoundCodeFor(input.role), NOT_FOUND_MESSAGE[input.role]);
  const passwordHash = input.action === 'RESET_PASSWORD' ? await ctx.hasher.hash(input.tempPassword!) : undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const account = await findById(tx, input.accountId, { forUpdate: true });
    if (!account || account.role !== input.role) throw missing();
    const move = transition(account.status, input.action);
    if (!move.ok) throw conflict('ACCOUNT_INVALID_STATUS_TRANSITION', move.reason);
    if (account.role === 'OPERATOR' && (input.action === 'SUSPEND' || input.action === 'REVOKE')) {
      // The actor is itself an ACTIVE operator, so this also keeps at least one operator able to sign in.
      if (account.id === principal.accountId) throw conflict('ACCOUNT_INVALID_STATUS_TRANSITION', 'Operators cannot suspend or revoke their own account');
    }
    const now = ctx.clock.now();
    const patch: Parameters<typeof updateAccount>[2] = { updatedAt: now };
    if (move.next !== account.status) patch.status = move.next;
    if (input.action === 'SUSPEND') patch.statusReason = input.reason ?? null;
    if (input.action === 'REACTIVATE') patch.statusReason = null;
    if (input.action === 'RESET_PASSWORD') Object.assign(patch, { passwordHash, passwordMustChange: true });
    const changed = await updateAccount(tx, account.id, patch);
    if (input.action !== 'REACTIVATE') {
      await deleteRefreshTokens(tx, account.id);
      await revokeAccessTokens(ctx, account.id, now);
    }
    if (input.action === 'REVOKE') await consumeOpenLinks(tx, account.id, now);
    await writeAudit(
      tx,
      principal,
      {
        action: auditActionFor(account.role, input.action),
        targetType: account.role,
        targetId: account.id,
        targetLabel: account.email,
        hqId: account.hqId,
        storeId: account.storeId,
        detail: {
          ...(input.reason ? { reason: input.reason } : {}),
          ...(changed.status !== account.status ? { before: account.status, after: changed.status } : {}),
          ...(account.hqId ? { hqId: account.hqId } : {}),
          ...(account.storeId ? { storeId: account.storeId } : {}),
        },
      },
      ctx.clock,
    );
    if (changed.status !== account.status) {
      await emit(
        tx,
        { type: 'identity.account.status-changed', data: { accountId: changed.id, role: changed.role, status: changed.status, previousStatus: account.status } },
        ctx.clock,
      );
    }
    return changed;
  });
  return { id: updated.id, status: updated.status, passwordMustChange: updated.passwordMustChange };
};
