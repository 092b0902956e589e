import { describe, expect, it } from 'vitest';
import { canCancel, contentProblem, currentVersion, publicationOf, statusesAt, versionProblem } from './legal-status';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const DAY = 86_400_000;

describe('legal document status at read time', () => {
  const items = [
    { id: '01', version: 'v1', effectiveAt: at(-10 * DAY), status: 'SUPERSEDED' as const },
    // Stored ACTIVE when v1 was published, but v2's schedule has come: its snapshot is stale.
    { id: '02', version: 'v2', effectiveAt: at(-DAY), status: 'SCHEDULED' as const },
    { id: '03', version: 'v3', effectiveAt: at(DAY), status: 'SCHEDULED' as const },
  ];

  it('the current version is the latest one not in the future, whatever its stored status', () => {
    expect(currentVersion(items, NOW)?.version).toBe('v2');
    expect(currentVersion(items, new Date(NOW.getTime() + 2 * DAY))?.version).toBe('v3');
    expect(currentVersion([items[2]!], NOW)).toBeNull();
  });

  it('shows SCHEDULED ahead, ACTIVE for the current one and SUPERSEDED for older ones, newest first', () => {
    expect(statusesAt(items, NOW).map((d) => [d.version, d.statusNow, d.isCurrent])).toEqual([
      ['v3', 'SCHEDULED', false],
      ['v2', 'ACTIVE', true],
      ['v1', 'SUPERSEDED', false],
    ]);
  });

  it('among equal effective times the later id wins', () => {
    const tied = [
      { id: 'a', effectiveAt: at(-DAY) },
      { id: 'b', effectiveAt: at(-DAY) },
    ];
    expect(currentVersion(tied, NOW)?.id).toBe('b');
  });

  it('offers cancel only for scheduled versions still ahead', () => {
    expect(canCancel(items[2]!, NOW)).toBe(true);
    expect(canCancel(items[1]!, NOW)).toBe(false);
    expect(canCancel(items[0]!, NOW)).toBe(false);
  });
});

describe('publishing', () => {
  it('within 60 s of now either side is now, beyond ahead is scheduled, beyond back is refused', () => {
    expect(publicationOf(null, NOW)).toBe('NOW');
    for (const ms of [-60_000, -1, 0, 1, 60_000]) expect(publicationOf(new Date(NOW.getTime() + ms), NOW)).toBe('NOW');
    expect(publicationOf(new Date(NOW.getTime() + 60_001), NOW)).toBe('SCHEDULED');
    expect(publicationOf(new Date(NOW.getTime() - 60_001), NOW)).toBe('PAST');
  });

  it('checks the version: required, at most 32 characters, not already published', () => {
    expect(versionProblem('  ', [])).toBe('REQUIRED');
    expect(versionProblem('x'.repeat(33), [])).toBe('TOO_LONG');
    expect(versionProblem('x'.repeat(32), [])).toBeNull();
    expect(versionProblem(' v1 ', ['v1'])).toBe('DUPLICATE');
    expect(versionProblem('v2', ['v1'])).toBeNull();
  });

  it('checks the content: not blank, at most 200000 characters', () => {
    expect(contentProblem('\n ')).toBe('REQUIRED');
    expect(contentProblem('a'.repeat(200_000))).toBeNull();
    expect(contentProblem('a'.repeat(200_001))).toBe('TOO_LONG');
  });
});
