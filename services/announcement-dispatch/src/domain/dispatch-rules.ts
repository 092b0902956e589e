/**
 * Dispatch rules (spec 03 § Dispatch status, § Store delivery, § Limits): pure decisions the use
 * cases apply inside their transactions.
 */
export const DISPATCH_STATUSES = ['SCHEDULED', 'PENDING', 'PLAYED', 'MISSED', 'CANCELED'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
export const MISSED_REASONS = ['SKIPPED', 'PLAYBACK_FAILED', 'EXPIRED'] as const;
export type MissedReason = (typeof MISSED_REASONS)[number];
export const DISPATCH_TARGETS = ['ALL', 'STORES', 'REGION'] as const;
export type DispatchTarget = (typeof DISPATCH_TARGETS)[number];
export const ACK_OUTCOMES = ['PLAYED', 'FAILED', 'SKIPPED'] as const;
export type AckOutcome = (typeof ACK_OUTCOMES)[number];
export const SIGNAL_SOURCES = ['SSE', 'POLLING'] as const;
export type SignalSource = (typeof SIGNAL_SOURCES)[number];

/** An immediate dispatch starts 2 seconds after issue. */
export const IMMEDIATE_DELAY_MS = 2000;
/** PENDING past its due time plus 10 minutes without a result becomes MISSED. */
export const EXPIRY_MS = 10 * 60 * 1000;
/** Third failed playback makes MISSED(PLAYBACK_FAILED). */
export const MAX_PLAYBACK_FAILURES = 3;
/** Other devices of a store still see a PLAYED dispatch for 5 minutes. */
export const RECENT_PLAYED_MS = 5 * 60 * 1000;
/** A scheduled time is in the future and within one year. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 3600 * 1000;

/**
 * Why a store no longer receives dispatches (organization.store.closed / .deleted; a choice where
 * the spec is silent, see README): closing is irreversible, a deleted store is gone from every read.
 * Its open rows of its HQ and its own broadcasts become CANCELED: SCHEDULED ones never turn due,
 * PENDING ones are also marked revoked, as a remote stop marks them, so a player still connected
 * stops them at once. Final rows (PLAYED, MISSED, CANCELED) keep their result.
 */
export type StoreGoneReason = 'STORE_CLOSED' | 'STORE_DELETED' | 'HQ_DELETED';

export type ScheduledAtProblem = 'PAST' | 'TOO_FAR';

/** Why a requested scheduled time is refused, if it is (one year = the same instant next year). */
export const scheduledAtProblem = (scheduledAt: Date, now: Date): ScheduledAtProblem | undefined => {
  if (scheduledAt.getTime() <= now.getTime()) return 'PAST';
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return scheduledAt.getTime() > limit.getTime() ? 'TOO_FAR' : undefined;
};

/** When a new dispatch is due, and its first status. */
export const dispatchTiming = (now: Date, scheduledAt: Date | undefined) =>
  scheduledAt
    ? { status: 'SCHEDULED' as const, dueAt: scheduledAt, playAt: scheduledAt, scheduledAt }
    : { status: 'PENDING' as const, dueAt: new Date(now.getTime() + IMMEDIATE_DELAY_MS), playAt: new Date(now.getTime() + IMMEDIATE_DELAY_MS), scheduledAt: null };

export type AckDecision =
  | { kind: 'PLAYED' }
  /** Already PLAYED and another PLAYED arrives: answered 204, nothing changes. */
  | { kind: 'ALREADY_PLAYED' }
  | { kind: 'NOT_FOUND' }
  | { kind: 'MISSED'; reason: 'SKIPPED' | 'PLAYBACK_FAILED'; failureCount: number }
  /** Still PENDING: failure counted (redelivered on the next read) or a device's result kept. */
  | { kind: 'KEEP_PENDING'; failureCount: number };

export interface AckInput {
  status: DispatchStatus;
  failureCount: number;
  outcome: AckOutcome;
  /**
   * For an ack of a known device on a store-wide dispatch: the latest outcome of every active
   * device of the store after this ack (undefined: the ack is store level).
   */
  deviceOutcomes?: ReadonlyArray<AckOutcome | undefined>;
}

/**
 * The Dispatch status table for acks. Store level: PLAYED wins, SKIPPED → MISSED(SKIPPED),
 * FAILED counts and the third → MISSED(PLAYBACK_FAILED). With devices, FAILED/SKIPPED of one device
 * changes nothing until every active device reported FAILED or SKIPPED and none PLAYED; then the
 * store-level path applies to this ack. After a final state every ack is 404, except a later
 * PLAYED on a PLAYED dispatch (other devices), which is answered 204 without change.
 */
export const decideAck = (input: AckInput): AckDecision => {
  if (input.status === 'PLAYED') return input.outcome === 'PLAYED' ? { kind: 'ALREADY_PLAYED' } : { kind: 'NOT_FOUND' };
  if (input.status !== 'PENDING') return { kind: 'NOT_FOUND' };
  if (input.outcome === 'PLAYED') return { kind: 'PLAYED' };
  if (input.deviceOutcomes) {
    const all = input.deviceOutcomes;
    const everyoneFailed = all.length > 0 && all.every((o) => o === 'FAILED' || o === 'SKIPPED');
    if (!everyoneFailed) return { kind: 'KEEP_PENDING', failureCount: input.failureCount };
  }
  if (input.outcome === 'SKIPPED') return { kind: 'MISSED', reason: 'SKIPPED', failureCount: input.failureCount };
  const failures = input.failureCount + 1;
  return failures >= MAX_PLAYBACK_FAILURES
    ? { kind: 'MISSED', reason: 'PLAYBACK_FAILED', failureCount: failures }
    : { kind: 'KEEP_PENDING', failureCount: failures };
};

/** Client clock tolerance: ahead of the server by more than 30 s, or a latency above 1 h, is not believed. */
export const CLOCK_AHEAD_TOLERANCE_MS = 30 * 1000;
export const MAX_BELIEVABLE_LATENCY_MS = 60 * 60 * 1000;

/**
 * A client-reported instant minus a reference, in ms (negative when before it). Null when not
 * reported or when the client clock is off: more than 30 s after the server's own time of the ack,
 * more than 30 s before the reference (it cannot have received it before it existed), or more than
 * one hour after the reference.
 */
export const reportedOffsetMs = (input: { reported: Date | null; reference: Date; serverNow: Date }): number | null => {
  if (!input.reported) return null;
  const reported = input.reported.getTime();
  if (reported - input.serverNow.getTime() > CLOCK_AHEAD_TOLERANCE_MS) return null;
  const offset = reported - input.reference.getTime();
  if (offset < -CLOCK_AHEAD_TOLERANCE_MS || offset > MAX_BELIEVABLE_LATENCY_MS) return null;
  return offset;
};

/** signal_latency_ms = receivedAt − (scheduled time, else creation time), never below 0; null as reportedOffsetMs says. */
export const signalLatencyMs = (input: { receivedAt: Date | null; scheduledAt: Date | null; createdAt: Date; serverNow: Date }): number | null => {
  const latency = reportedOffsetMs({ reported: input.receivedAt, reference: input.scheduledAt ?? input.createdAt, serverNow: input.serverNow });
  return latency === null ? null : Math.max(0, latency);
};

/** Measurement fields: anything invalid is "not reported" (never a 400). */
export const reportedInstant = (value: unknown): Date | null => {
  if (typeof value !== 'string' || value.length > 64) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t) : null;
};

export const reportedSignalSource = (value: unknown): SignalSource | null =>
  typeof value === 'string' && (SIGNAL_SOURCES as readonly string[]).includes(value) ? (value as SignalSource) : null;

/** Raw text of a measurement field as the client sent it (bounded), for storage. */
export const rawMeasurement = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.split('\u0000').join('').slice(0, 200);
};
