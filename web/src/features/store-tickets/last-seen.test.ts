import { describe, expect, it } from 'vitest';
import { isNewer } from './last-seen';

describe('isNewer', () => {
  it('is new when nothing was seen yet', () => {
    expect(isNewer('2026-03-10T01:00:00.000Z', null)).toBe(true);
  });
  it('compares instants, not strings', () => {
    expect(isNewer('2026-03-10T01:00:00.001Z', '2026-03-10T01:00:00.000Z')).toBe(true);
    expect(isNewer('2026-03-10T01:00:00.000Z', '2026-03-10T01:00:00.000Z')).toBe(false);
    expect(isNewer('2026-03-10T01:00:00Z', '2026-03-10T10:00:00+09:00')).toBe(false);
  });
  it('is never new without a reply', () => {
    expect(isNewer(null, null)).toBe(false);
    expect(isNewer(undefined, '2026-03-10T01:00:00.000Z')).toBe(false);
    expect(isNewer('garbage', null)).toBe(false);
  });
});
