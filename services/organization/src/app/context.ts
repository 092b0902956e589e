import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, Logger } from '@storecast/service-kit';
import type { OrgSchema } from '../db/schema';
import type { IdentityPeer } from './ports';

export type OrgDb = NodePgDatabase<OrgSchema>;

/** What every use case gets: the database, the clock, identity and a logger. */
export interface AppContext {
  db: OrgDb;
  clock: Clock;
  identity: IdentityPeer;
  logger: Logger;
}
