import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { apiClients, apiKeys, type IdentitySchema } from './schema';

type Db = NodePgDatabase<IdentitySchema>;
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const findClient = async (db: Executor, id: string, options: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(apiClients).where(eq(apiClients.id, id)).limit(1);
  return (options.forUpdate ? await q.for('update') : await q)[0];
};

export const listClients = async (db: Executor, filter: { status?: 'PENDING' | 'APPROVED' | 'REJECTED'; q?: string; limit: number; offset: number }) => {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(apiClients.status, filter.status));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(apiClients.organizationName, pattern), ilike(apiClients.contactEmail, pattern), ilike(apiClients.contactName, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(apiClients).where(where).orderBy(desc(apiClients.createdAt), desc(apiClients.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(apiClients).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};

export const keysOfClient = (db: Executor, clientId: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export const findKey = async (db: Executor, id: string, options: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return (options.forUpdate ? await q.for('update') : await q)[0];
};

/** The key with this prefix and its client's status (one indexed lookup). */
export const findKeyByPrefix = async (db: Executor, prefix: string) => {
  const rows = await db
    .select({ key: apiKeys, clientStatus: apiClients.status })
    .from(apiKeys)
    .innerJoin(apiClients, eq(apiClients.id, apiKeys.clientId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return rows[0];
};
