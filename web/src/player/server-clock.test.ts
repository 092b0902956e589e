import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';
import { ManualTimers } from './test-fakes';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');

describe('ServerClock', () => {
  it('trusts the device clock until a Date header was seen', () => {
    const timers = new ManualTimers(T0 + 123);
    const clock = new ServerClock(timers);
    expect(clock.hasSample()).toBe(false);
    expect(clock.serverNow()).toBe(T0 + 123);
    clock.addSample({ serverDate: null, sentAt: T0, receivedAt: T0 + 10 });
    clock.addSample({ serverDate: 'not a date', sentAt: T0, receivedAt: T0 + 10 });
    expect(clock.hasSample()).toBe(false);
  });

  it('bounds the offset by the 1-s resolution and the round trip of one sample', () => {
    // The device runs 90.3 s behind the server; the request took 200 ms.
    const timers = new ManualTimers(T0);
    const clock = new ServerClock(timers);
    const sentAt = T0;
    const receivedAt = T0 + 200;
    // Header written at device T0+100 = server T0+90_400 → Date shows ...:01:30 (truncated).
    clock.addSample({ serverDate: new Date(T0 + 90_000).toUTCString(), sentAt, receivedAt });
    expect(clock.bounds()).toEqual({ low: 90_000 - 200, high: 91_000 });
    expect(clock.offsetMs()).toBe(90_400);
  });

  it('narrows the offset over samples taken at different sub-second phases', () => {
    const trueOffset = 90_300;
    const timers = new ManualTimers(T0);
    const clock = new ServerClock(timers);
    // Zero-latency round trips at device times with different millisecond phases.
    for (const at of [T0 + 0, T0 + 250, T0 + 600, T0 + 699, T0 + 701, T0 + 900]) {
      const server = at + trueOffset;
      const header = new Date(Math.floor(server / 1000) * 1000).toUTCString();
      clock.addSample({ serverDate: header, sentAt: at, receivedAt: at + 2 });
    }
    const b = clock.bounds()!;
    expect(b.low).toBeLessThanOrEqual(trueOffset);
    expect(b.high).toBeGreaterThan(trueOffset);
    expect(b.high - b.low).toBeLessThan(10);
    expect(Math.abs(clock.offsetMs() - trueOffset)).toBeLessThan(5);
  });

  it('starts over when a sample contradicts the others (the server clock jumped)', () => {
    const timers = new ManualTimers(T0);
    const clock = new ServerClock(timers);
    clock.addSample({ serverDate: new Date(T0).toUTCString(), sentAt: T0, receivedAt: T0 + 100 });
    expect(Math.abs(clock.offsetMs())).toBeLessThan(1000);
    // An hour later on the device, the server says two hours later.
    const at = T0 + 3_600_000;
    clock.addSample({ serverDate: new Date(at + 3_600_000).toUTCString(), sentAt: at, receivedAt: at + 100 });
    expect(clock.bounds()).toEqual({ low: 3_600_000 - 100, high: 3_601_000 });
  });

  it('converts playAt to device time and device times to server ISO', () => {
    const timers = new ManualTimers(T0);
    const clock = new ServerClock(timers);
    clock.addSample({ serverDate: new Date(T0 + 60_000).toUTCString(), sentAt: T0, receivedAt: T0 });
    expect(clock.offsetMs()).toBe(60_500);
    expect(clock.toDeviceTime(new Date(T0 + 120_500).toISOString())).toBe(T0 + 60_000);
    expect(clock.toServerIso(T0)).toBe(new Date(T0 + 60_500).toISOString());
    expect(clock.serverNowIso()).toBe(new Date(T0 + 60_500).toISOString());
  });
});
