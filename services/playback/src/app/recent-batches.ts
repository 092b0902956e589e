import { RECENT_BATCHES } from '../domain/play-logs';

/**
 * This process's memory of the digests each reporter recorded lately (at most RECENT_BATCHES per
 * reporter, as the state row keeps; the least recently reporting reporter is forgotten beyond
 * maxReporters). Only a hint that a report repeats a recent batch, so that the cheap statement
 * is tried first (recordRepeatedReport): the database decides on the digests of the reporter's
 * state row. On another replica, after a restart or when the hint is stale, the report is
 * recorded in full, which is always correct.
 */
export class RecentBatches {
  private readonly digests = new Map<string, string[]>();

  constructor(private readonly maxReporters = 20_000) {}

  has(reporterId: string, digest: string): boolean {
    return this.digests.get(reporterId)?.includes(digest) ?? false;
  }

  add(reporterId: string, digest: string): void {
    const recent = [digest, ...(this.digests.get(reporterId) ?? []).filter((d) => d !== digest)].slice(0, RECENT_BATCHES);
    this.digests.delete(reporterId);
    if (this.digests.size >= this.maxReporters) this.digests.delete(this.digests.keys().next().value!);
    this.digests.set(reporterId, recent);
  }

  /** Drops what is remembered of these reporters (their store or HQ was purged). */
  forget(reporterIds: Iterable<string>): void {
    for (const id of reporterIds) this.digests.delete(id);
  }
}
