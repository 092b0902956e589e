import { countedFrom, hourStart, hourWindow, offlineHours } from './signal-hours';

const at = (iso: string) => new Date(iso);

describe('hours without a signal', () => {
  it('a signal counts in the UTC hour it falls in', () => {
    expect(hourStart(at('2026-03-02T09:59:59.999Z'))).toEqual(at('2026-03-02T09:00:00.000Z'));
    expect(hourStart(at('2026-03-02T10:00:00.000Z'))).toEqual(at('2026-03-02T10:00:00.000Z'));
  });

  it('the window is the last days × 24 whole hours, the hour in progress left out', () => {
    expect(hourWindow(at('2026-03-08T10:25:00.000Z'), 7)).toEqual({ from: at('2026-03-01T10:00:00.000Z'), to: at('2026-03-08T10:00:00.000Z'), hours: 168 });
    expect(hourWindow(at('2026-03-08T10:00:00.000Z'), 1)).toEqual({ from: at('2026-03-07T10:00:00.000Z'), to: at('2026-03-08T10:00:00.000Z'), hours: 24 });
  });

  it('a store registered inside the window counts from its first whole hour; before the window or unknown, from the window start', () => {
    const window = hourWindow(at('2026-03-08T10:25:00.000Z'), 1); // [03-07 10:00, 03-08 10:00)
    expect(countedFrom(window, at('2026-03-07T20:30:00.000Z'))).toEqual(at('2026-03-07T21:00:00.000Z'));
    expect(countedFrom(window, at('2026-03-07T20:00:00.000Z'))).toEqual(at('2026-03-07T20:00:00.000Z'));
    expect(countedFrom(window, at('2026-01-01T00:00:00.000Z'))).toEqual(window.from);
    expect(countedFrom(window, null)).toEqual(window.from);
    // registered in the hour in progress (or later, by a skewed clock): nothing to count yet
    expect(countedFrom(window, at('2026-03-08T10:10:00.000Z'))).toEqual(window.to);
  });

  it('offline hours are the counted hours without a signal, never below 0', () => {
    const window = hourWindow(at('2026-03-08T10:25:00.000Z'), 1);
    expect(offlineHours(window, window.from, 0)).toBe(24);
    expect(offlineHours(window, window.from, 20)).toBe(4);
    expect(offlineHours(window, at('2026-03-08T07:00:00.000Z'), 1)).toBe(2);
    expect(offlineHours(window, window.to, 0)).toBe(0);
    expect(offlineHours(window, window.from, 30)).toBe(0);
  });
});
