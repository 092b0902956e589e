import { mapLimit } from '@storecast/service-kit';
import { fleetSignals } from '../db/playback-state.repository';
import { noStates, tallyStoreStates, type ReportedState, type ReporterSignal, type SeenState } from '../domain/playback-state';
import type { PlaybackContext } from './ports';

export interface HqPlaybackCounts {
  hqId: string;
  /** Open stores of the HQ (organization). */
  storeCount: number;
  counts: Record<SeenState, number>;
}

export interface FleetPlaybackStatus {
  offlineAfterSeconds: number;
  counts: Record<SeenState, number>;
  hqs: HqPlaybackCounts[];
  generatedAt: Date;
}

/** HQs whose open stores are asked of organization at the same time. */
const STORES_CONCURRENCY = 8;

/**
 * The fleet's playback state for the operator: per HQ that ever reported, its open stores counted
 * by state with the HQ board's rule (tallyStoreStates: a store without a fresh signal is OFFLINE),
 * and the sum over those HQs. HQs none of whose stores ever reported are not listed. Organization
 * unreachable answers 503, as on the HQ board.
 */
export const readFleetPlaybackStatus = async (ctx: PlaybackContext): Promise<FleetPlaybackStatus> => {
  const rows = await fleetSignals(ctx.db);
  const now = ctx.clock.now();
  const offlineAfterMs = ctx.settings.offlineAfterMs;
  const byStore = new Map<string, ReporterSignal[]>();
  for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), { state: row.state as ReportedState, lastSignalAt: row.lastSignalAt }]);
  const hqIds = [...new Set(rows.map((r) => r.hqId))].sort();
  const hqs = await mapLimit(hqIds, STORES_CONCURRENCY, async (hqId): Promise<HqPlaybackCounts> => {
    const stores = await ctx.organization.storesOfHq(hqId, false);
    return { hqId, storeCount: stores.length, counts: tallyStoreStates(stores.map((s) => s.id), byStore, now, offlineAfterMs) };
  });
  const counts = noStates();
  for (const hq of hqs) for (const state of Object.keys(counts) as SeenState[]) counts[state] += hq.counts[state];
  return { offlineAfterSeconds: Math.round(offlineAfterMs / 1000), counts, hqs: hqs.filter((hq) => hq.storeCount > 0), generatedAt: now };
};
