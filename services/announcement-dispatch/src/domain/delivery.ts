/**
 * Delivery receipts (spec 03 § Store delivery, § Dispatch status): how each store and device of a
 * dispatch heard it, judged from the times its players reported, and the per-store tallies.
 */
import { reportedInstant, reportedOffsetMs, reportedSignalSource, type DispatchStatus, type SignalSource } from './dispatch-rules';

// Immediate dispatch starts 2 s after issue and players poll every 20 s at worst when the stream is
// down, so a start more than 10 s after due means the stream did not deliver it in time.
export const LATE_AFTER_MS = 10_000;

/** Days a delivery summary may look back: 1..31, 7 unless asked. */
export const SUMMARY_DAYS_MIN = 1;
export const SUMMARY_DAYS_MAX = 31;
export const SUMMARY_DAYS_DEFAULT = 7;

/** The window of a delivery summary: rows due within the last `days` × 24 h up to now. */
export const summaryWindow = (now: Date, days: number) => ({ from: new Date(now.getTime() - days * 24 * 3600 * 1000), to: now });

/** One stored ack as the receipts read it (measurement fields raw, as received). */
export interface AckRecord {
  id: string;
  dispatchId: string;
  deviceId: string | null;
  outcome: string;
  signalSourceRaw: string | null;
  receivedAtRaw: string | null;
  startedAtRaw: string | null;
  createdAt: Date;
}

/** What one ack says about delivery, its lags against the row's due time. */
export interface AckTiming {
  signalSource: SignalSource | null;
  receivedAt: Date | null;
  startedAt: Date | null;
  /** receivedAt − due; null when not reported or the client clock was judged off (reportedOffsetMs). */
  receivedLagMs: number | null;
  /** startedAt − due; null as receivedLagMs. */
  startedLagMs: number | null;
}

/** A raw reported instant of an ack minus the row's due time (the ack's own time judges the client clock). */
export const lagMs = (raw: string | null, dueAt: Date, ackedAt: Date): number | null => reportedOffsetMs({ reported: reportedInstant(raw), reference: dueAt, serverNow: ackedAt });

export const ackTiming = (ack: Pick<AckRecord, 'signalSourceRaw' | 'receivedAtRaw' | 'startedAtRaw' | 'createdAt'>, dueAt: Date): AckTiming => ({
  signalSource: reportedSignalSource(ack.signalSourceRaw),
  receivedAt: reportedInstant(ack.receivedAtRaw),
  startedAt: reportedInstant(ack.startedAtRaw),
  receivedLagMs: lagMs(ack.receivedAtRaw, dueAt, ack.createdAt),
  startedLagMs: lagMs(ack.startedAtRaw, dueAt, ack.createdAt),
});

/**
 * One ack per device (store-level acks, without a device, count as one more "device"): the ack that
 * made the row PLAYED for its device, else the device's first PLAYED, else its latest ack. Ordered
 * by the chosen ack's time.
 */
export const ackPerDevice = <A extends AckRecord>(acks: readonly A[], playedAckId: string | null): A[] => {
  const byDevice = new Map<string | null, A[]>();
  for (const ack of acks) {
    const own = byDevice.get(ack.deviceId);
    if (own) own.push(ack);
    else byDevice.set(ack.deviceId, [ack]);
  }
  const chosen = [...byDevice.values()].map((own) => {
    const ordered = [...own].sort(byAckTime);
    return ordered.find((a) => a.id === playedAckId) ?? ordered.find((a) => a.outcome === 'PLAYED') ?? ordered.at(-1)!;
  });
  return chosen.sort(byAckTime);
};

const byAckTime = (a: AckRecord, b: AckRecord) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A PLAYED row is late when it started more than LATE_AFTER_MS after due; unreported starts are not late. */
export const isLate = (status: DispatchStatus, startedLagMs: number | null): boolean => status === 'PLAYED' && startedLagMs !== null && startedLagMs > LATE_AFTER_MS;

export interface DeliveryTally {
  total: number;
  onTime: number;
  late: number;
  missed: number;
  /** PENDING, and SCHEDULED rows not made PENDING yet: no result either way. */
  pending: number;
  canceled: number;
}

export const emptyTally = (): DeliveryTally => ({ total: 0, onTime: 0, late: 0, missed: 0, pending: 0, canceled: 0 });

export const tally = (rows: ReadonlyArray<{ status: DispatchStatus; late: boolean }>): DeliveryTally & { played: number } => {
  const t = emptyTally();
  for (const r of rows) {
    t.total++;
    if (r.status === 'PLAYED') t[r.late ? 'late' : 'onTime']++;
    else if (r.status === 'MISSED') t.missed++;
    else if (r.status === 'CANCELED') t.canceled++;
    else t.pending++;
  }
  return { ...t, played: t.onTime + t.late };
};

/** Store names in Korean order; a store organization no longer lists (null name) sorts last. */
const byStoreName = (a: { storeName: string | null; storeId: string }, b: { storeName: string | null; storeId: string }) => {
  if (a.storeName !== b.storeName) {
    if (a.storeName === null) return 1;
    if (b.storeName === null) return -1;
    const c = a.storeName.localeCompare(b.storeName, 'ko');
    if (c) return c;
  }
  return a.storeId < b.storeId ? -1 : a.storeId > b.storeId ? 1 : 0;
};

/** Where a receipt needs attention first: MISSED, then late, then still waiting, then the rest. */
const attentionRank = (r: { status: DispatchStatus; late: boolean }) => (r.status === 'MISSED' ? 0 : r.late ? 1 : r.status === 'PENDING' || r.status === 'SCHEDULED' ? 2 : 3);

/** Receipts order: attention rank, then the slowest start first (unreported last), then store name. */
export const receiptOrder = (
  a: { status: DispatchStatus; late: boolean; startedLagMs: number | null; storeName: string | null; storeId: string },
  b: { status: DispatchStatus; late: boolean; startedLagMs: number | null; storeName: string | null; storeId: string },
): number =>
  attentionRank(a) - attentionRank(b) ||
  (a.startedLagMs === b.startedLagMs ? 0 : a.startedLagMs === null ? 1 : b.startedLagMs === null ? -1 : b.startedLagMs - a.startedLagMs) ||
  byStoreName(a, b);

/** Summary order: most missed first, then most late, then store name. */
export const summaryOrder = (a: DeliveryTally & { storeName: string | null; storeId: string }, b: DeliveryTally & { storeName: string | null; storeId: string }): number =>
  b.missed - a.missed || b.late - a.late || byStoreName(a, b);
