import { describe, expect, it } from 'vitest';
import { effectiveCycle } from './cycle-rules';

describe('effectiveCycle', () => {
  it('takes the store override when it has one', () => {
    expect(effectiveCycle(3, 7)).toEqual({ songs: 3, source: 'STORE' });
  });
  it('falls back to the HQ value when the override is null', () => {
    expect(effectiveCycle(null, 7)).toEqual({ songs: 7, source: 'HQ' });
    expect(effectiveCycle(undefined, 1)).toEqual({ songs: 1, source: 'HQ' });
  });
  it('plays every 5 songs when nothing usable is set', () => {
    expect(effectiveCycle(null, null)).toEqual({ songs: 5, source: 'DEFAULT' });
    expect(effectiveCycle(0, 0)).toEqual({ songs: 5, source: 'DEFAULT' });
    expect(effectiveCycle(0, 9)).toEqual({ songs: 9, source: 'HQ' });
  });
});
