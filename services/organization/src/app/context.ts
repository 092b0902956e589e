import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, Logger } from '@storecast/service-kit';
import type { OrgSchema } from '../db/schema';
import type { CatalogPeer, IdentityPeer } from './ports';

export type OrgDb = NodePgDatabase<OrgSchema>;

/** What every use case gets: the database, the clock, its peers (identity, catalog-search) and a logger. */
export interface AppContext {
  db: OrgDb;
  clock: Clock;
  identity: IdentityPeer;
  catalog: CatalogPeer;
  logger: Logger;
}
