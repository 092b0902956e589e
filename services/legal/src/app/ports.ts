import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, Logger } from '@storecast/service-kit';
import type { LegalSchema } from '../db/schema';

/** HQ statuses of spec 02 § HQ status (organization owns them). */
export const HQ_STATUSES = ['ACTIVE', 'ONBOARDING', 'UNPAID', 'SUSPENDED'] as const;
export type HqStatus = (typeof HQ_STATUSES)[number];

/** An HQ as the consents view needs it (organization owns HQs). */
export interface HqSummary {
  id: string;
  name: string;
  status: HqStatus;
}

/** Organization's HQs; getHq throws AppError 404 HQ_NOT_FOUND when absent, 503 SERVICE_UNAVAILABLE when it does not answer. */
export interface OrganizationPeer {
  getHq(hqId: string): Promise<HqSummary>;
}

/** An account as the agree endpoints need it (identity owns accounts). */
export interface AccountSummary {
  id: string;
  name: string | null;
  role: string;
  status: string;
  hqId: string | null;
  storeId: string | null;
}

export type AccountLookup =
  | { outcome: 'FOUND'; account: AccountSummary }
  | { outcome: 'NOT_FOUND' };

/** Identity's accounts; not answering throws 503 SERVICE_UNAVAILABLE (authorization fails closed). */
export interface IdentityPeer {
  lookupAccount(accountId: string): Promise<AccountLookup>;
}

/** What every use case gets: the database, time, peers and a logger. */
export interface LegalContext {
  db: NodePgDatabase<LegalSchema>;
  clock: Clock;
  logger: Logger;
  organization: OrganizationPeer;
  identity: IdentityPeer;
}
