import { conflict, emit, isUniqueViolation, newId, writeAudit, type AuditActor } from '@storecast/service-kit';
import { insertAccount } from '../db/accounts.repository';
import type { AccountRow } from '../db/schema';
import { generateTempPassword } from '../adapters/password-hasher';
import type { IdentityContext } from './context';

/** DUPLICATE_EMAIL carries a fixed message: the email is never echoed (spec 02 § Errors). */
export const duplicateEmail = () => conflict('DUPLICATE_EMAIL', 'This email is already in use');

export interface NewAccount {
  role: AccountRow['role'];
  email: string;
  name?: string | null;
  hqId?: string | null;
  storeId?: string | null;
  /** Absent: generated server-side and never returned. */
  tempPassword?: string | null;
}

/**
 * Creates an account that must set its password (passwordMustChange true) — a manager for
 * organization (AccountService.CreateManagerAccount) or an operator (POST /api/v1/admin/operators).
 * A taken email (among non-withdrawn accounts) is 409 DUPLICATE_EMAIL. The setup email is not sent
 * here: the caller sends it after its own commit.
 */
export const createAccount = async (ctx: IdentityContext, input: NewAccount, actor: AuditActor, auditAction: string): Promise<AccountRow> => {
  const passwordHash = await ctx.hasher.hash(input.tempPassword ?? generateTempPassword());
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const created = await insertAccount(tx, {
        id: newId(),
        role: input.role,
        status: 'ACTIVE',
        email: input.email,
        name: input.name ?? null,
        hqId: input.hqId ?? null,
        storeId: input.storeId ?? null,
        passwordHash,
        passwordMustChange: true,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(
        tx,
        actor,
        {
          action: auditAction,
          targetType: input.role,
          targetId: created.id,
          targetLabel: created.email,
          hqId: created.hqId,
          storeId: created.storeId,
          detail: { hqId: created.hqId, storeId: created.storeId, passwordGenerated: !input.tempPassword },
        },
        ctx.clock,
      );
      await emit(tx, { type: 'identity.account.created', data: { accountId: created.id, role: created.role, hqId: created.hqId, storeId: created.storeId } }, ctx.clock);
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'accounts_email_live_uq')) throw duplicateEmail();
    throw err;
  }
};
