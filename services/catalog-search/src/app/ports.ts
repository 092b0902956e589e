import type { Readable } from 'node:stream';
import type { Clock, DbExecutor, ObjectStorage } from '@storecast/service-kit';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Logger } from '@storecast/service-kit';
import type { CatalogCount } from '../db/public-catalog.repository';
import type { CatalogFilter } from '../db/public-catalog.sql';
import type { CatalogSchema } from '../db/schema';
import type { Id3Plan } from '../domain/id3-plan';
import type { ColourFeatures } from '../domain/image-moods';

/** An HQ as catalog-search needs it (organization's answer). */
export interface HqRef {
  id: string;
  name: string;
  plan: string | null;
}

export interface StoreRef {
  id: string;
  hqId: string;
  closed: boolean;
}

/** Organization over gRPC: the HQs, stores and devices playlists are assigned to. */
export interface OrganizationDirectory {
  /** 404 HQ_NOT_FOUND when missing. */
  getHq(hqId: string): Promise<HqRef>;
  /** 404 STORE_NOT_FOUND when missing. */
  getStore(storeId: string): Promise<StoreRef>;
  /** false for a missing, revoked or foreign device. */
  deviceExists(storeId: string, deviceId: string): Promise<boolean>;
}

export type Mp3Check = { ok: true } | { ok: false; reason: string };

/** A rewritten MP3 waiting in a temporary file; dispose() removes it. */
export interface RewrittenMp3 {
  size: number;
  open(): Readable;
  dispose(): Promise<void>;
}

/** MP3 signature and parse check, and the ID3v2.4 rewrite (adapters/mp3-files.ts). */
export interface Mp3Files {
  check(bytes: Buffer): Promise<Mp3Check>;
  rewrite(bytes: Buffer, plan: Id3Plan): Promise<RewrittenMp3>;
}

/** A pool (pg) as the plain-SQL repositories use it. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** A named statement is prepared once per connection, then only bound and executed. */
  query(statement: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Colour features of an image (adapters/sharp-images.ts); a file that is not a supported image → 400. */
export interface ImageAnalyzer {
  colourFeatures(bytes: Buffer): Promise<ColourFeatures>;
}

/**
 * Offset counts of the public catalog kept between requests (adapters/catalog-count-cache.ts), each
 * exact at the catalog revision it was read at: a page read at the same revision reuses it.
 */
export interface CatalogCounts {
  get(filter: CatalogFilter): CatalogCount | undefined;
  /** Keeps the count unless a count of a later revision is kept already. */
  set(filter: CatalogFilter, count: CatalogCount): void;
}

/** What every use case receives. */
export interface CatalogContext {
  db: NodePgDatabase<CatalogSchema>;
  /** The same database for the plain SQL of the public API (db/public-catalog.sql.ts, db/search.sql.ts). */
  pool: SqlRunner;
  clock: Clock;
  logger: Logger;
  storage: ObjectStorage;
  mp3: Mp3Files;
  organization: OrganizationDirectory;
  images: ImageAnalyzer;
  catalogCounts: CatalogCounts;
  settings: { brandName: string; musicKeyPrefix: string; retentionDays: number };
}

export type Tx = DbExecutor;
