import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, DbExecutor, Logger } from '@storecast/service-kit';
import type { OrgSchema } from '../db/schema';
import type { AccountGateway } from './account-gateway';

export type OrgDb = NodePgDatabase<OrgSchema>;
export type Tx = DbExecutor;

/** What every use case gets: the database, the clock, identity's accounts and a logger. */
export interface AppContext {
  db: OrgDb;
  clock: Clock;
  accounts: AccountGateway;
  logger: Logger;
  /** Asks the outbox relay to publish now (after a commit) rather than at its next poll. */
  kickOutbox: () => void;
}
