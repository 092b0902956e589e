// Playback state of store players (spec 03 § Store delivery): PLAYING, PAUSED and SILENT are
// reported; OFFLINE is never reported (400 PLAYBACK_INVALID_STATE) but derived when a reporter's
// last signal is older than the offline threshold.

export const REPORTED_STATES = ['PLAYING', 'PAUSED', 'SILENT'] as const;
export type ReportedState = (typeof REPORTED_STATES)[number];
export type SeenState = ReportedState | 'OFFLINE';

export const isReportedState = (value: unknown): value is ReportedState => REPORTED_STATES.includes(value as ReportedState);

export interface ReporterSignal {
  state: ReportedState;
  lastSignalAt: Date;
}

/** What HQ sees of one reporter: the reported state, or OFFLINE once its signal is stale. */
export const seenState = (signal: ReporterSignal | undefined, now: Date, offlineAfterMs: number): SeenState =>
  !signal || now.getTime() - signal.lastSignalAt.getTime() > offlineAfterMs ? 'OFFLINE' : signal.state;

const RANK: Record<SeenState, number> = { PLAYING: 3, PAUSED: 2, SILENT: 1, OFFLINE: 0 };

/**
 * A store's state from all its reporters (the store itself and its devices): the most active
 * state among those still online (PLAYING over PAUSED over SILENT), OFFLINE when none is; its
 * last signal is the newest of them.
 */
export const storeState = (signals: ReporterSignal[], now: Date, offlineAfterMs: number): { state: SeenState; lastSignalAt: Date | null } => {
  let state: SeenState = 'OFFLINE';
  let lastSignalAt: Date | null = null;
  for (const signal of signals) {
    const seen = seenState(signal, now, offlineAfterMs);
    if (RANK[seen] > RANK[state]) state = seen;
    if (!lastSignalAt || signal.lastSignalAt > lastSignalAt) lastSignalAt = signal.lastSignalAt;
  }
  return { state, lastSignalAt };
};

/** No store in any state yet. */
export const noStates = (): Record<SeenState, number> => ({ PLAYING: 0, PAUSED: 0, SILENT: 0, OFFLINE: 0 });

/**
 * How many of the stores are in each state, each store by storeState over its reporters' signals
 * (a store with none is OFFLINE): the HQ board's counts, for any set of stores.
 */
export const tallyStoreStates = (
  storeIds: readonly string[],
  signalsByStore: ReadonlyMap<string, readonly ReporterSignal[]>,
  now: Date,
  offlineAfterMs: number,
): Record<SeenState, number> => {
  const counts = noStates();
  for (const id of storeIds) counts[storeState([...(signalsByStore.get(id) ?? [])], now, offlineAfterMs).state] += 1;
  return counts;
};

/**
 * Whether a report emits playback.store.signal: the first signal of a reporter, a changed state,
 * or the interval elapsed since the last emitted one (so organization's lastOnlineAt is at most
 * one interval behind without an event per report).
 */
export const shouldEmitSignal = (
  previous: { signalEmittedAt: Date | null; signalEmittedState: string | null } | undefined,
  state: ReportedState,
  now: Date,
  intervalMs: number,
): boolean =>
  !previous?.signalEmittedAt || previous.signalEmittedState !== state || now.getTime() - previous.signalEmittedAt.getTime() >= intervalMs;
