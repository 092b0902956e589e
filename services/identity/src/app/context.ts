import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, Database, Logger, TokenRevocations } from '@storecast/service-kit';
import type { IdentityConfig } from '../config';
import type { IdentitySchema } from '../db/schema';
import type { PasswordHasher } from '../adapters/password-hasher';
import type { SigningKey } from '../adapters/signing-key';
import type { Mailer } from '../adapters/mailer';
import type { LegalPort, OrganizationPort } from './ports';
import type { FixedWindowLimiter } from '../domain/rate-window';
import type { AfterResponseQueue } from './after-response-queue';

/** Everything a use case may touch; built once by server.ts. */
export interface IdentityContext {
  config: IdentityConfig;
  db: NodePgDatabase<IdentitySchema>;
  /** The pg pool under db, for the few statements written in SQL (batched unnest inserts, percentiles). */
  pool: Database<IdentitySchema>['pool'];
  clock: Clock;
  logger: Logger;
  hasher: PasswordHasher;
  /** Compared against when an email is unknown, so both answers take a bcrypt compare. */
  dummyHash: string;
  signingKey: SigningKey;
  mailer: Mailer;
  legal: LegalPort;
  organization: OrganizationPort;
  testSendLimiter: FixedWindowLimiter;
  /** Work run after the response is written (password-reset lookup, link and mail). */
  afterResponse: AfterResponseQueue;
  /** Revocation marks every verifier reads (decision 0007); absent only when REDIS_URL is unset outside production. */
  revocations?: TokenRevocations;
}

/** Request facts some use cases record (consent capture). */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export type Tx = Parameters<Parameters<NodePgDatabase<IdentitySchema>['transaction']>[0]>[0];
