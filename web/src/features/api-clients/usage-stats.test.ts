import { describe, expect, it } from 'vitest';
import { formatRate, periodWindow, usagePerEndpoint, type UsageRow } from './usage-stats';

const row = (over: Partial<UsageRow>): UsageRow => ({
  day: '2026-12-07', keyId: 'k1', endpoint: 'GET /v1/music/cursor', calls: 1, successCount: 1, avgResponseMs: 10, p95ResponseMs: 10, ...over,
});

describe('usage per endpoint', () => {
  it('sums calls and successes over days and keys and gives the success rate', () => {
    const out = usagePerEndpoint([
      row({ calls: 3, successCount: 2 }),
      row({ day: '2026-12-08', keyId: 'k2', calls: 1, successCount: 1 }),
      row({ endpoint: 'GET /v1/music/offset', calls: 1, successCount: 0 }),
    ]);
    expect(out).toEqual([
      expect.objectContaining({ endpoint: 'GET /v1/music/cursor', calls: 4, successCount: 3, successRate: 0.75 }),
      expect.objectContaining({ endpoint: 'GET /v1/music/offset', calls: 1, successCount: 0, successRate: 0 }),
    ]);
  });

  it('weights the mean response time by calls and keeps the highest daily p95', () => {
    const [cursor] = usagePerEndpoint([row({ calls: 3, avgResponseMs: 10, p95ResponseMs: 30 }), row({ day: '2026-12-08', calls: 1, avgResponseMs: 50, p95ResponseMs: 60 })]);
    expect(cursor).toMatchObject({ avgResponseMs: 20, p95ResponseMs: 60 });
  });

  it('can be narrowed to one key', () => {
    const out = usagePerEndpoint([row({ keyId: 'k1', calls: 2, successCount: 2 }), row({ keyId: 'k2', calls: 5, successCount: 5 })], 'k2');
    expect(out).toEqual([expect.objectContaining({ calls: 5 })]);
  });

  it('is empty without rows', () => {
    expect(usagePerEndpoint([])).toEqual([]);
  });
});

describe('usage periods', () => {
  it('covers the last N UTC days including today', () => {
    expect(periodWindow(7, new Date('2026-12-08T00:30:00Z'))).toEqual({ from: '2026-12-02', to: '2026-12-08' });
    expect(periodWindow(30, new Date('2026-03-01T12:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('writes rates as percentages', () => {
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(null)).toBe('—');
  });
});
