/** spec 03 § Limits (Ducking): volume percent 0..100 (default 20), fade 0..5000 ms (default 400), enabled by default. */
export const DUCK_VOLUME_MAX = 100;
export const DUCK_FADE_MAX_MS = 5000;
export const DUCK_DEFAULTS = { duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400 } as const;
/** spec 03 § HQ profile: commercialCycleSongs 1..100 (default 5). */
export const CYCLE_MIN = 1;
export const CYCLE_MAX = 100;

export interface DuckingValues {
  duckEnabled: boolean;
  duckVolumePercent: number;
  duckFadeMs: number;
}

const wholeIn = (value: unknown, min: number, max: number): boolean => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const isDuckVolume = (value: unknown): value is number => wholeIn(value, 0, DUCK_VOLUME_MAX);
export const isDuckFade = (value: unknown): value is number => wholeIn(value, 0, DUCK_FADE_MAX_MS);
export const isCycle = (value: unknown): value is number => wholeIn(value, CYCLE_MIN, CYCLE_MAX);
