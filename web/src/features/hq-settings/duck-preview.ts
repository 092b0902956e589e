import type { DuckingValues } from './ducking-rules';

/**
 * The "listen" preview of the ducking defaults: music, an announcement over it, music again.
 * Times are ms from the preview's start. The ramp follows the store player
 * (web/src/player/player-mixer.ts, rampMusic and nextOverlay, which export no pure rule): the
 * music falls linearly to duckVolumePercent/100 over duckFadeMs, the voice starts as the music
 * reaches that level, and after it the music rises linearly back over duckFadeMs; a fade of 0 is
 * a jump, and disabled ducking leaves the music at full level.
 */
export const PREVIEW_LEAD_MS = 1500;
export const PREVIEW_ANNOUNCEMENT_MS = 2000;
export const PREVIEW_TAIL_MS = 1500;

/** One automation event of the music gain: `set` jumps at atMs, `linear` ramps to reach gain at atMs. */
export interface GainStep {
  atMs: number;
  gain: number;
  kind: 'set' | 'linear';
}

/** One tone of the stand-in announcement (speech synthesis is not reliable in every browser). */
export interface Tone {
  atMs: number;
  durationMs: number;
  hz: number;
}

export interface PreviewSchedule {
  /** The music's level while the announcement plays (1 = no dip). */
  duckedGain: number;
  music: GainStep[];
  announcement: { startMs: number; endMs: number; tones: Tone[] };
  totalMs: number;
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1);

/** A chime (high, low) and then syllable-like short tones until the end, as a station announcement. */
const announcementTones = (startMs: number, durationMs: number): Tone[] => {
  const tones: Tone[] = [
    { atMs: startMs, durationMs: 300, hz: 784 },
    { atMs: startMs + 320, durationMs: 420, hz: 622 },
  ];
  const pitches = [523, 587, 554, 494, 523, 466];
  let at = startMs + 860;
  for (let i = 0; at + 140 <= startMs + durationMs; i++) {
    tones.push({ atMs: at, durationMs: 140, hz: pitches[i % pitches.length]! });
    at += 190;
  }
  return tones;
};

export const duckPreviewSchedule = (values: DuckingValues): PreviewSchedule => {
  const duckedGain = values.duckEnabled ? clamp01(values.duckVolumePercent / 100) : 1;
  const fadeMs = Math.max(0, values.duckFadeMs);
  const dips = Math.abs(1 - duckedGain) >= 1e-4;
  const music: GainStep[] = [{ atMs: 0, gain: 1, kind: 'set' }];
  const lead = PREVIEW_LEAD_MS;
  let startMs = lead;
  if (dips && fadeMs > 0) {
    music.push({ atMs: lead, gain: 1, kind: 'set' }, { atMs: lead + fadeMs, gain: duckedGain, kind: 'linear' });
    startMs = lead + fadeMs;
  } else if (dips) {
    music.push({ atMs: lead, gain: duckedGain, kind: 'set' });
  }
  const endMs = startMs + PREVIEW_ANNOUNCEMENT_MS;
  let musicBackMs = endMs;
  if (dips && fadeMs > 0) {
    music.push({ atMs: endMs, gain: duckedGain, kind: 'set' }, { atMs: endMs + fadeMs, gain: 1, kind: 'linear' });
    musicBackMs = endMs + fadeMs;
  } else if (dips) {
    music.push({ atMs: endMs, gain: 1, kind: 'set' });
  }
  return {
    duckedGain,
    music,
    announcement: { startMs, endMs, tones: announcementTones(startMs, PREVIEW_ANNOUNCEMENT_MS) },
    totalMs: musicBackMs + PREVIEW_TAIL_MS,
  };
};

/** The music gain the schedule gives at a time (what an AudioParam would hold), for checks and tests. */
export const gainAt = (steps: readonly GainStep[], atMs: number): number => {
  let value = 1;
  let from = { atMs: 0, gain: 1 };
  for (const step of steps) {
    if (step.atMs > atMs) {
      if (step.kind === 'linear') return from.gain + ((step.gain - from.gain) * (atMs - from.atMs)) / (step.atMs - from.atMs);
      return value;
    }
    value = step.gain;
    from = { atMs: step.atMs, gain: step.gain };
  }
  return value;
};
