import { describe, expect, it } from 'vitest';
import { exceedsExportLimit, exportOutcome } from './export-outcome';

describe('the size of a play-log export', () => {
  it('is read from the headers, truncated when the server says so', () => {
    expect(exportOutcome(new Headers({ 'x-total-count': '61000', 'x-exported-count': '50000', 'x-export-truncated': 'true' }))).toEqual({ matched: 61000, exported: 50000, truncated: true });
    expect(exportOutcome(new Headers({ 'x-total-count': '12', 'x-exported-count': '12', 'x-export-truncated': 'false' }))).toEqual({ matched: 12, exported: 12, truncated: false });
  });

  it('falls back to the counts when the flag is missing, and to unknown without them', () => {
    expect(exportOutcome(new Headers({ 'x-total-count': '50001', 'x-exported-count': '50000' })).truncated).toBe(true);
    expect(exportOutcome(new Headers())).toEqual({ matched: null, exported: null, truncated: false });
  });

  it('is known to be cut before asking once the list counts more than 50,000', () => {
    expect(exceedsExportLimit(50_000)).toBe(false);
    expect(exceedsExportLimit(50_001)).toBe(true);
  });
});
