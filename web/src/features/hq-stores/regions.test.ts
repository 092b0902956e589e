import { describe, expect, it } from 'vitest';
import { regionLabel, REGIONS } from './regions';

describe('regions', () => {
  it('are the 17 province-level values, each once', () => {
    expect(REGIONS).toHaveLength(17);
    expect(new Set(REGIONS.map((r) => r.value)).size).toBe(17);
  });

  it('are named in both languages, the reader’s first', () => {
    expect(regionLabel('SEOUL', 'ko')).toBe('서울특별시 · Seoul');
    expect(regionLabel('JEJU', 'en')).toBe('Jeju · 제주특별자치도');
  });
});
