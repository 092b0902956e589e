import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { exchangeTokens, type IdentitySchema, linkTokens, refreshTokens } from './schema';

type Db = NodePgDatabase<IdentitySchema>;
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const findRefreshByHash = async (db: Executor, tokenHash: string, options: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  const rows = options.forUpdate ? await q.for('update') : await q;
  return rows[0];
};

export const revokeRefresh = async (db: Executor, id: string, at: Date): Promise<void> => {
  await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)));
};

/**
 * Rows past expiry are dead weight: dropped opportunistically. Rotated rows stay until they expire,
 * so presenting one of them later is recognised as a reuse (and revokes its family).
 */
export const purgeDeadRefreshTokens = async (db: Executor, accountId: string, now: Date): Promise<void> => {
  await db.delete(refreshTokens).where(and(eq(refreshTokens.accountId, accountId), lt(refreshTokens.expiresAt, now)));
};

/** Ends a token family: every token descended from the same sign-in (all branches of grace reuses). */
export const deleteRefreshFamily = async (db: Executor, familyId: string): Promise<number> => {
  const rows = await db
    .delete(refreshTokens)
    .where(or(eq(refreshTokens.familyId, familyId), eq(refreshTokens.id, familyId)))
    .returning({ id: refreshTokens.id });
  return rows.length;
};

export const findLinkByHash = async (db: Executor, tokenHash: string, options: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(linkTokens).where(eq(linkTokens.tokenHash, tokenHash)).limit(1);
  const rows = options.forUpdate ? await q.for('update') : await q;
  return rows[0];
};

export const consumeLink = async (db: Executor, id: string, at: Date): Promise<boolean> => {
  const rows = await db
    .update(linkTokens)
    .set({ consumedAt: at })
    .where(and(eq(linkTokens.id, id), isNull(linkTokens.consumedAt)))
    .returning({ id: linkTokens.id });
  return rows.length === 1;
};

export const findExchangeByHash = async (db: Executor, tokenHash: string, options: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(exchangeTokens).where(eq(exchangeTokens.tokenHash, tokenHash)).limit(1);
  const rows = options.forUpdate ? await q.for('update') : await q;
  return rows[0];
};
