import {
  broadcastTitle,
  commercialChanges,
  draftUsable,
  occupiedSlots,
  measuredLengthProblem,
  recordingMimeOf,
  slotConflict,
  slotOf,
} from './broadcast-rules';

describe('slots', () => {
  it('an instant falls into the 5-minute UTC slot that starts at or before it', () => {
    expect(slotOf(new Date('2026-03-10T01:04:59.999Z')).toISOString()).toBe('2026-03-10T01:00:00.000Z');
    expect(slotOf(new Date('2026-03-10T01:05:00.000Z')).toISOString()).toBe('2026-03-10T01:05:00.000Z');
  });

  it('occupied slots are distinct and ascending', () => {
    const slots = occupiedSlots([new Date('2026-03-10T02:07:00Z'), new Date('2026-03-10T01:00:00Z'), new Date('2026-03-10T02:05:30Z')]);
    expect(slots).toEqual(['2026-03-10T01:00:00.000Z', '2026-03-10T02:05:00.000Z']);
  });

  it('a store reservation conflicts only within the slot of an HQ reservation', () => {
    const hq = [new Date('2026-03-10T01:02:00Z')];
    expect(slotConflict(new Date('2026-03-10T01:00:00Z'), hq)).toBe(true);
    expect(slotConflict(new Date('2026-03-10T01:04:59Z'), hq)).toBe(true);
    expect(slotConflict(new Date('2026-03-10T01:05:00Z'), hq)).toBe(false);
    expect(slotConflict(new Date('2026-03-10T00:59:59Z'), hq)).toBe(false);
    expect(slotConflict(new Date('2026-03-10T01:00:00Z'), [])).toBe(false);
  });
});

describe('recordingMimeOf', () => {
  it.each([
    [{ ext: 'webm', mime: 'video/webm' }, 'audio/webm'],
    [{ ext: 'mp4', mime: 'video/mp4' }, 'audio/mp4'],
    [{ ext: 'm4a', mime: 'audio/x-m4a' }, 'audio/mp4'],
    [{ ext: 'mp3', mime: 'audio/mpeg' }, 'audio/mpeg'],
    [{ ext: 'wav', mime: 'audio/wav' }, undefined],
    [{ ext: 'ogg', mime: 'audio/ogg' }, undefined],
    [{ ext: 'png', mime: 'image/png' }, undefined],
    [undefined, undefined],
  ] as const)('%j → %s', (sniffed, mime) => {
    expect(recordingMimeOf(sniffed)).toBe(mime);
  });
});

describe('measuredLengthProblem', () => {
  it('accepts audio that cannot be measured, and measured lengths within half a second of 1..30 s', () => {
    expect(measuredLengthProblem(undefined)).toBeUndefined();
    expect(measuredLengthProblem(30.4)).toBeUndefined();
    expect(measuredLengthProblem(0.6)).toBeUndefined();
  });

  it('refuses measured audio outside the limit', () => {
    expect(measuredLengthProblem(45)).toMatch(/45\.0 s/);
    expect(measuredLengthProblem(0.2)).toMatch(/1\.\.30/);
  });
});

describe('broadcastTitle', () => {
  it('is the first non-empty line, cut at 60 code points', () => {
    expect(broadcastTitle('\n  주차장 안내  \n둘째 줄')).toBe('주차장 안내');
    const long = '가'.repeat(80);
    expect([...broadcastTitle(long)]).toHaveLength(60);
    expect(broadcastTitle('😀'.repeat(70)).endsWith('…')).toBe(true);
  });
});

describe('draftUsable', () => {
  it('is usable strictly before its expiry', () => {
    const expiresAt = new Date('2026-03-11T00:00:00Z');
    expect(draftUsable({ expiresAt }, new Date('2026-03-10T23:59:59.999Z'))).toBe(true);
    expect(draftUsable({ expiresAt }, expiresAt)).toBe(false);
    expect(draftUsable({ expiresAt: null }, new Date(0))).toBe(false);
  });
});

describe('commercialChanges', () => {
  const current = { title: 'Spring sale', isActive: true };
  it('null and absent fields are unchanged; equal values are no change', () => {
    expect(commercialChanges(current, { title: null, isActive: null })).toEqual({});
    expect(commercialChanges(current, {})).toEqual({});
    expect(commercialChanges(current, { title: 'Spring sale', isActive: true })).toEqual({});
  });
  it('values that differ are changes', () => {
    expect(commercialChanges(current, { title: 'Summer sale', isActive: false })).toEqual({ title: 'Summer sale', isActive: false });
  });
});
