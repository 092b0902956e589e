import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, Logger, ObjectStorage } from '@storecast/service-kit';
import type { SupportSchema } from '../db/schema';

/** A store as support needs it: its name, its HQ, whether it is closed. */
export interface StoreRef {
  id: string;
  hqId: string;
  name: string;
  closed: boolean;
}

export interface HqRef {
  id: string;
  name: string;
}

/**
 * Organization, the owner of HQs and stores (gRPC peer). Lookups answer undefined for an HQ or
 * store that does not exist; an unreachable peer is 503 SERVICE_UNAVAILABLE.
 */
export interface OrganizationDirectory {
  getStore(storeId: string): Promise<StoreRef | undefined>;
  getHq(hqId: string): Promise<HqRef | undefined>;
  /** Names of many HQs and stores at once (ticket lists); unknown ids are simply absent. */
  names(ids: { hqIds: Iterable<string>; storeIds: Iterable<string> }): Promise<{ hqs: Map<string, string>; stores: Map<string, string> }>;
  /** HQs and stores on the platform (operator dashboard). */
  counts(): Promise<{ hqCount: number; storeCount: number }>;
}

/** An operator account (assignee). */
export interface OperatorRef {
  id: string;
  name: string | null;
  email: string;
  active: boolean;
}

/** Identity, the owner of accounts (gRPC peer): operators only; other roles answer undefined. */
export interface OperatorDirectory {
  getOperator(accountId: string): Promise<OperatorRef | undefined>;
  /** Many operators at once (assignee names in lists); unknown ids are absent. */
  operators(ids: Iterable<string>): Promise<Map<string, OperatorRef>>;
}

/** Everything the use cases work with; built once by server.ts. */
export interface SupportContext {
  db: NodePgDatabase<SupportSchema>;
  clock: Clock;
  logger: Logger;
  organization: OrganizationDirectory;
  operators: OperatorDirectory;
  /** Attachment files (S3-compatible object storage). */
  storage: ObjectStorage;
}
