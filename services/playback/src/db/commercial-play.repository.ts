import { sql } from 'drizzle-orm';
import { readInstant, type DbExecutor } from '@storecast/service-kit';
import type { CommercialPlay, ReportedCommercialPlay } from '../domain/commercial-rotation';

export interface CommercialPlaysWrite {
  hqId: string;
  storeId: string;
  /** The valid device that reported; null for a store-level report. */
  deviceId: string | null;
  ids: string[];
  plays: ReportedCommercialPlay[];
  recordedAt: Date;
}

/**
 * Stores a batch of commercial plays in one statement (unnest, ON CONFLICT DO NOTHING on
 * (store, commercial, startedAt)); answers only the plays actually inserted, the ones that count.
 */
export const insertCommercialPlays = async (tx: DbExecutor, b: CommercialPlaysWrite): Promise<CommercialPlay[]> => {
  if (b.plays.length === 0) return [];
  const col = <T>(pick: (p: ReportedCommercialPlay, i: number) => T) => sql.param(b.plays.map(pick));
  type Inserted = { commercial_id: string; started_at: string | Date };
  const result = await tx.execute<Inserted>(sql`
    insert into commercial_plays (id, hq_id, store_id, device_id, commercial_id, started_at, played_ms, recorded_at)
    select id, ${b.hqId}::uuid, ${b.storeId}::uuid, ${b.deviceId}::uuid, commercial_id, started_at, played_ms, ${b.recordedAt.toISOString()}::timestamptz
    from unnest(${col((_, i) => b.ids[i]!)}::uuid[], ${col((p) => p.commercialId)}::uuid[], ${col((p) => p.startedAt.toISOString())}::timestamptz[], ${col((p) => p.playedMs)}::int[])
      as t(id, commercial_id, started_at, played_ms)
    on conflict do nothing
    returning commercial_id, started_at`);
  return result.rows.map((r: Inserted) => ({ commercialId: r.commercial_id, startedAt: readInstant(r.started_at) }));
};
