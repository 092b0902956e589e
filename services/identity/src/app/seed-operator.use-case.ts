import { emit, isUniqueViolation, newId, SYSTEM_ACTOR, writeAudit } from '@storecast/service-kit';
import { findLiveByEmail, insertAccount } from '../db/accounts.repository';
import type { IdentityContext } from './context';

/**
 * The first operator, from OPERATOR_EMAIL / OPERATOR_PASSWORD, on start. Idempotent: an existing
 * account with that email is left as it is (its password is never reset by a restart). Without
 * OPERATOR_PASSWORD nothing is seeded (a log line says so).
 */
export const seedOperator = async (ctx: IdentityContext): Promise<'created' | 'exists' | 'skipped'> => {
  const { OPERATOR_EMAIL: email, OPERATOR_PASSWORD: password, OPERATOR_NAME: name } = ctx.config;
  if (!password) {
    ctx.logger.info({ email }, 'OPERATOR_PASSWORD not set: operator seeding skipped');
    return 'skipped';
  }
  const existing = await findLiveByEmail(ctx.db, email);
  if (existing) {
    if (existing.role !== 'OPERATOR') ctx.logger.warn({ email }, 'OPERATOR_EMAIL belongs to a non-operator account: not seeded');
    return 'exists';
  }
  const passwordHash = await ctx.hasher.hash(password);
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const account = await insertAccount(tx, {
        id: newId(),
        role: 'OPERATOR',
        status: 'ACTIVE',
        email,
        name,
        passwordHash,
        passwordMustChange: false,
        setupCompletedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, SYSTEM_ACTOR, { action: 'OPERATOR_SEEDED', targetType: 'OPERATOR', targetId: account.id, targetLabel: email }, ctx.clock);
      await emit(tx, { type: 'identity.account.created', data: { accountId: account.id, role: account.role, hqId: null, storeId: null } }, ctx.clock);
    });
  } catch (err) {
    // Another replica seeded it at the same moment.
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
  ctx.logger.info({ email }, 'operator seeded');
  return 'created';
};
