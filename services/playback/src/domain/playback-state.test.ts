import { isReportedState, noStates, seenState, shouldEmitSignal, storeState, tallyStoreStates } from './playback-state';

const now = new Date('2026-03-02T09:00:00.000Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const TEN_MIN = 600_000;

describe('playback state', () => {
  it('OFFLINE is not a reportable state', () => {
    expect(isReportedState('OFFLINE')).toBe(false);
    expect(isReportedState('PLAYING')).toBe(true);
  });

  it('a reporter is OFFLINE once its last signal is older than the threshold, not at the threshold', () => {
    expect(seenState({ state: 'PAUSED', lastSignalAt: ago(600) }, now, TEN_MIN)).toBe('PAUSED');
    expect(seenState({ state: 'PAUSED', lastSignalAt: ago(601) }, now, TEN_MIN)).toBe('OFFLINE');
    expect(seenState(undefined, now, TEN_MIN)).toBe('OFFLINE');
  });

  it('a store is as active as its most active online reporter, with the newest signal time', () => {
    const s = storeState(
      [
        { state: 'PLAYING', lastSignalAt: ago(700) },
        { state: 'SILENT', lastSignalAt: ago(10) },
        { state: 'PAUSED', lastSignalAt: ago(60) },
      ],
      now,
      TEN_MIN,
    );
    expect(s).toEqual({ state: 'PAUSED', lastSignalAt: ago(10) });
    expect(storeState([], now, TEN_MIN)).toEqual({ state: 'OFFLINE', lastSignalAt: null });
  });

  it('the signal event is emitted first, on a state change, and once per interval otherwise', () => {
    expect(shouldEmitSignal(undefined, 'PLAYING', now, 60_000)).toBe(true);
    expect(shouldEmitSignal({ signalEmittedAt: ago(30), signalEmittedState: 'PLAYING' }, 'PLAYING', now, 60_000)).toBe(false);
    expect(shouldEmitSignal({ signalEmittedAt: ago(30), signalEmittedState: 'PLAYING' }, 'PAUSED', now, 60_000)).toBe(true);
    expect(shouldEmitSignal({ signalEmittedAt: ago(60), signalEmittedState: 'PLAYING' }, 'PLAYING', now, 60_000)).toBe(true);
  });

  it('tallies stores by their state, a store without any signal counted OFFLINE', () => {
    const signals = new Map([
      ['s1', [{ state: 'PLAYING' as const, lastSignalAt: ago(10) }]],
      ['s2', [{ state: 'PLAYING' as const, lastSignalAt: ago(601) }, { state: 'SILENT' as const, lastSignalAt: ago(5) }]],
      ['s3', [{ state: 'PAUSED' as const, lastSignalAt: ago(601) }]],
      ['other', [{ state: 'PLAYING' as const, lastSignalAt: ago(1) }]],
    ]);
    expect(tallyStoreStates(['s1', 's2', 's3', 's4'], signals, now, TEN_MIN)).toEqual({ PLAYING: 1, PAUSED: 0, SILENT: 1, OFFLINE: 2 });
    expect(tallyStoreStates([], signals, now, TEN_MIN)).toEqual(noStates());
  });
});
