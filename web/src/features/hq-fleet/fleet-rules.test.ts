import { describe, expect, it } from 'vitest';
import { clampPage, nowPlayingOf, offlineMinutes, pageOf, serverNow, storesInState } from './fleet-rules';

describe('the fleet view', () => {
  const stores = [
    { id: 'a', state: 'PLAYING' as const },
    { id: 'b', state: 'OFFLINE' as const },
    { id: 'c', state: 'PLAYING' as const },
  ];

  it('shows every store until a state card is chosen, then only that state', () => {
    expect(storesInState(stores, null).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(storesInState(stores, 'PLAYING').map((s) => s.id)).toEqual(['a', 'c']);
    expect(storesInState(stores, 'SILENT')).toEqual([]);
  });

  it('pages a whole list and keeps the page inside it', () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([3, 4]);
    expect(clampPage(3, 5, 2)).toBe(2);
    expect(clampPage(1, 0, 2)).toBe(0);
  });

  it('says what plays: the store title, else a playing device title, else unknown', () => {
    expect(nowPlayingOf({ currentMusicTitle: 'Aisle', devices: [] })).toBe('Aisle');
    expect(nowPlayingOf({ devices: [{ state: 'PAUSED', currentMusicTitle: 'Paused song' }, { state: 'PLAYING', currentMusicTitle: 'Door song' }] })).toBe('Door song');
    expect(nowPlayingOf({ currentMusicTitle: null, devices: [{ state: 'OFFLINE', currentMusicTitle: 'Old' }] })).toBeNull();
  });

  it('states the offline threshold in whole minutes', () => {
    expect(offlineMinutes(600)).toBe(10);
    expect(offlineMinutes(90)).toBe(2);
    expect(offlineMinutes(20)).toBe(1);
  });

  it('measures ages on the server clock: generatedAt plus the time since the answer came', () => {
    const received = Date.parse('2026-03-02T09:00:00.000Z'); // this browser's clock, 10 minutes behind
    expect(serverNow('2026-03-02T09:10:00.000Z', received, received + 30_000)).toBe(Date.parse('2026-03-02T09:10:30.000Z'));
    expect(serverNow('not a time', received, received + 5)).toBe(received + 5);
  });
});
