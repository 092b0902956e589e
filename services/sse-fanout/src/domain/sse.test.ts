import { eventFrame, KEEP_ALIVE_FRAME, lifetimeMs, reaches } from './sse';

describe('SSE frames', () => {
  it('an event frame is the event line, one data line of JSON and a blank line', () => {
    expect(eventFrame('announcement', { title: 'Line\nbreak', n: 1 })).toBe('event: announcement\ndata: {"title":"Line\\nbreak","n":1}\n\n');
  });

  it('the reconnection delay goes first when given', () => {
    expect(eventFrame('connected', {}, { retryMs: 3000 })).toBe('retry: 3000\nevent: connected\ndata: {}\n\n');
  });

  it('an event name that could break the frame is refused', () => {
    expect(() => eventFrame('bad\nname', {})).toThrow('not an SSE event name');
    expect(() => eventFrame('', {})).toThrow('not an SSE event name');
  });

  it('the keep-alive is a comment line', () => {
    expect(KEEP_ALIVE_FRAME.startsWith(':')).toBe(true);
    expect(KEEP_ALIVE_FRAME.endsWith('\n\n')).toBe(true);
  });
});

describe('which streams an event reaches', () => {
  const store = 's-1';
  it('a store-wide event reaches every stream of the store, with or without a device', () => {
    expect(reaches({ storeId: store, deviceId: null }, { storeId: store, deviceId: null })).toBe(true);
    expect(reaches({ storeId: store, deviceId: 'd-1' }, { storeId: store, deviceId: null })).toBe(true);
  });

  it('an event of another store reaches none of them', () => {
    expect(reaches({ storeId: store, deviceId: null }, { storeId: 's-2', deviceId: null })).toBe(false);
    expect(reaches({ storeId: store, deviceId: 'd-1' }, { storeId: 's-2', deviceId: 'd-1' })).toBe(false);
  });

  it('a device-targeted event reaches only the stream of that device, not store-level streams', () => {
    expect(reaches({ storeId: store, deviceId: 'd-1' }, { storeId: store, deviceId: 'd-1' })).toBe(true);
    expect(reaches({ storeId: store, deviceId: 'd-2' }, { storeId: store, deviceId: 'd-1' })).toBe(false);
    expect(reaches({ storeId: store, deviceId: null }, { storeId: store, deviceId: 'd-1' })).toBe(false);
  });
});

describe('stream lifetime', () => {
  it('without jitter a stream lives exactly the maximum', () => {
    expect(lifetimeMs(1_800_000, 0, () => 0.7)).toBe(1_800_000);
  });

  it('with jitter it closes up to the jitter earlier, never later than the maximum', () => {
    expect(lifetimeMs(1_800_000, 60_000, () => 0)).toBe(1_800_000);
    expect(lifetimeMs(1_800_000, 60_000, () => 0.5)).toBe(1_770_000);
    expect(lifetimeMs(1_800_000, 60_000, () => 0.999999)).toBeGreaterThan(1_740_000);
  });

  it('a jitter as long as the maximum still leaves a positive lifetime', () => {
    expect(lifetimeMs(1000, 5000, () => 0.999999)).toBeGreaterThanOrEqual(1);
  });
});
