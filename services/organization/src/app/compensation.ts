import type { Principal } from '@storecast/service-kit';
import type { AppContext } from './context';

/**
 * A manager account was created in identity but our own commit failed: withdraw it so the
 * spec's "nothing is created" holds. A failed withdrawal is logged with the account id for
 * manual follow-up and does not hide the original error.
 */
export const withdrawCreatedAccount = async (ctx: AppContext, actor: Principal, accountId: string, reason: string): Promise<void> => {
  try {
    await ctx.identity.withdrawAccount(actor, accountId, reason);
    ctx.logger.warn({ accountId, reason }, 'created manager account withdrawn after rollback');
  } catch (err) {
    ctx.logger.error({ err, accountId, reason }, 'COMPENSATION FAILED: manager account could not be withdrawn');
  }
};

/** Runs the local transaction of a step that follows an account creation; compensates on failure. */
export const commitOrWithdraw = async <T>(
  ctx: AppContext,
  actor: Principal,
  accountId: string | null,
  reason: string,
  work: () => Promise<T>,
): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (accountId) await withdrawCreatedAccount(ctx, actor, accountId, reason);
    throw err;
  }
};
