import { describe, expect, it } from 'vitest';
import { commercialTitleProblem, durationOf, formatDuration, hasMp3Signature, measureMp3Seconds, mp3FileProblem } from './mp3-rules';

const MB = 1024 * 1024;

/** `count` MPEG1 layer III frames, 128 kbps, 44.1 kHz (417 bytes, 1152 samples each). */
const frames = (count: number): Uint8Array => {
  const out = new Uint8Array(417 * count);
  for (let i = 0; i < count; i++) out.set([0xff, 0xfb, 0x90, 0x00], i * 417);
  return out;
};

const withId3 = (audio: Uint8Array, tagBytes = 20): Uint8Array => {
  const tag = new Uint8Array(10 + tagBytes);
  tag.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, tagBytes]);
  const out = new Uint8Array(tag.length + audio.length);
  out.set(tag);
  out.set(audio, tag.length);
  return out;
};

describe('the MP3 checks before an upload', () => {
  it('knows an MP3 by an ID3 tag or a frame sync at the start', () => {
    expect(hasMp3Signature(new TextEncoder().encode('ID3\u0004'))).toBe(true);
    expect(hasMp3Signature(new Uint8Array([0xff, 0xfb, 0x90]))).toBe(true);
    expect(hasMp3Signature(new Uint8Array([0xff, 0xf3]))).toBe(true);
    expect(hasMp3Signature(new TextEncoder().encode('RIFF....WAVE'))).toBe(false);
    expect(hasMp3Signature(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(hasMp3Signature(new Uint8Array([]))).toBe(false);
  });

  it('refuses empty files, more than 20 MB and other formats', () => {
    const head = new Uint8Array([0xff, 0xfb]);
    expect(mp3FileProblem({ size: 0 }, head)).toBe('EMPTY');
    expect(mp3FileProblem({ size: 20 * MB + 1 }, head)).toBe('SIZE');
    expect(mp3FileProblem({ size: 20 * MB }, head)).toBeNull();
    expect(mp3FileProblem({ size: 100 }, new TextEncoder().encode('%PDF'))).toBe('NOT_MP3');
  });

  it('measures the length by its frames, past an ID3 tag and up to trailing bytes', () => {
    expect(measureMp3Seconds(frames(100))).toBeCloseTo((100 * 1152) / 44100, 6);
    expect(measureMp3Seconds(withId3(frames(383)))).toBeCloseTo((383 * 1152) / 44100, 6);
    const trailing = new Uint8Array(417 * 10 + 128);
    trailing.set(frames(10));
    trailing.set(new TextEncoder().encode('TAG'), 417 * 10);
    expect(measureMp3Seconds(trailing)).toBeCloseTo((10 * 1152) / 44100, 6);
    expect(measureMp3Seconds(new TextEncoder().encode('not audio at all'))).toBeNull();
    expect(measureMp3Seconds(withId3(new TextEncoder().encode('only a tag')))).toBeNull();
  });

  it('sends whole seconds within 1..3600', () => {
    expect(durationOf(19.98)).toEqual({ seconds: 20 });
    expect(durationOf(0.3)).toEqual({ problem: 'TOO_SHORT' });
    expect(durationOf(3600.4)).toEqual({ seconds: 3600 });
    expect(durationOf(3601)).toEqual({ problem: 'TOO_LONG' });
    expect(durationOf(null)).toEqual({ problem: 'NOT_MP3' });
  });

  it('takes titles of 1..200 characters, not blank', () => {
    expect(commercialTitleProblem('  ')).toBe('REQUIRED');
    expect(commercialTitleProblem('a'.repeat(200))).toBeNull();
    expect(commercialTitleProblem('a'.repeat(201))).toBe('TOO_LONG');
  });

  it('shows lengths as m:ss', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3600)).toBe('60:00');
  });
});
