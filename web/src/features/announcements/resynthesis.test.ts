import { describe, expect, it } from 'vitest';
import { needsResynthesis } from './resynthesis';

const stored = { text: 'We close in ten minutes.', voice: 'AERAN', tonePreset: 'CALM', tempo: 1.2 };

describe('needsResynthesis', () => {
  it('is false when only the title changes (the same spoken fields)', () => {
    expect(needsResynthesis(stored, { ...stored })).toBe(false);
  });

  it.each([
    ['text', { text: 'We close in five minutes.' }],
    ['voice', { voice: 'SHEAN' }],
    ['preset', { tonePreset: 'NORMAL' }],
    ['tempo', { tempo: 1.25 }],
  ])('is true when the %s differs', (_field, change) => {
    expect(needsResynthesis(stored, { ...stored, ...change })).toBe(true);
  });

  it('treats an absent preset as NORMAL and an absent tempo as 1.0, as the server does', () => {
    expect(needsResynthesis({ text: 'a', voice: 'SHEAN', tonePreset: 'NORMAL', tempo: 1 }, { text: 'a', voice: 'SHEAN', tonePreset: null, tempo: null })).toBe(false);
  });

  it('ignores floating point noise below the slider step', () => {
    expect(needsResynthesis(stored, { ...stored, tempo: 1.2000000001 })).toBe(false);
  });
});
