import { describe, expect, it } from 'vitest';
import { duckPreviewSchedule, gainAt, PREVIEW_ANNOUNCEMENT_MS, PREVIEW_LEAD_MS, PREVIEW_TAIL_MS } from './duck-preview';

describe('the ducking preview schedule', () => {
  it('ramps the music down to the ducked level over the fade, plays the voice there, and ramps back up', () => {
    const s = duckPreviewSchedule({ duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400 });
    expect(s.duckedGain).toBe(0.2);
    expect(s.music).toEqual([
      { atMs: 0, gain: 1, kind: 'set' },
      { atMs: 1500, gain: 1, kind: 'set' },
      { atMs: 1900, gain: 0.2, kind: 'linear' },
      { atMs: 3900, gain: 0.2, kind: 'set' },
      { atMs: 4300, gain: 1, kind: 'linear' },
    ]);
    expect(s.announcement.startMs).toBe(1900);
    expect(s.announcement.endMs).toBe(1900 + PREVIEW_ANNOUNCEMENT_MS);
    expect(s.totalMs).toBe(4300 + PREVIEW_TAIL_MS);
  });

  it('is linear between the points', () => {
    const s = duckPreviewSchedule({ duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400 });
    expect(gainAt(s.music, 1000)).toBe(1);
    expect(gainAt(s.music, 1700)).toBeCloseTo(0.6);
    expect(gainAt(s.music, 3000)).toBeCloseTo(0.2);
    expect(gainAt(s.music, 4100)).toBeCloseTo(0.6);
    expect(gainAt(s.music, 5000)).toBe(1);
  });

  it('jumps when the fade is 0 and the voice starts at once', () => {
    const s = duckPreviewSchedule({ duckEnabled: true, duckVolumePercent: 50, duckFadeMs: 0 });
    expect(s.music).toEqual([
      { atMs: 0, gain: 1, kind: 'set' },
      { atMs: PREVIEW_LEAD_MS, gain: 0.5, kind: 'set' },
      { atMs: PREVIEW_LEAD_MS + PREVIEW_ANNOUNCEMENT_MS, gain: 1, kind: 'set' },
    ]);
    expect(s.announcement.startMs).toBe(PREVIEW_LEAD_MS);
  });

  it('plays no dip when ducking is disabled (or the level is 100 %)', () => {
    for (const values of [{ duckEnabled: false, duckVolumePercent: 20, duckFadeMs: 400 }, { duckEnabled: true, duckVolumePercent: 100, duckFadeMs: 400 }]) {
      const s = duckPreviewSchedule(values);
      expect(s.duckedGain).toBe(1);
      expect(s.music).toEqual([{ atMs: 0, gain: 1, kind: 'set' }]);
      expect(s.announcement.startMs).toBe(PREVIEW_LEAD_MS);
      expect(s.totalMs).toBe(PREVIEW_LEAD_MS + PREVIEW_ANNOUNCEMENT_MS + PREVIEW_TAIL_MS);
    }
  });

  it('mutes the music at 0 % and takes the longest fade', () => {
    const s = duckPreviewSchedule({ duckEnabled: true, duckVolumePercent: 0, duckFadeMs: 5000 });
    expect(s.music[2]).toEqual({ atMs: 6500, gain: 0, kind: 'linear' });
    expect(s.totalMs).toBe(6500 + 2000 + 5000 + 1500);
  });

  it('keeps the announcement’s tones inside its two seconds', () => {
    const { announcement } = duckPreviewSchedule({ duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400 });
    expect(announcement.tones.length).toBeGreaterThan(3);
    for (const tone of announcement.tones) {
      expect(tone.atMs).toBeGreaterThanOrEqual(announcement.startMs);
      expect(tone.atMs + tone.durationMs).toBeLessThanOrEqual(announcement.endMs);
    }
  });
});
