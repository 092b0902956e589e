import type { DuckingValues } from '../hq-settings/ducking-rules';

/** The store's ducking card: inherit the HQ defaults, or the store's own three values. */
export interface StoreDuckingForm extends DuckingValues {
  inherit: boolean;
}

interface StoreDucking {
  duckEnabled: boolean | null;
  duckVolumePercent: number | null;
  duckFadeMs: number | null;
  hqDuckEnabled: boolean;
  hqDuckVolumePercent: number;
  hqDuckFadeMs: number;
}

/**
 * The card's values of a stored store: inheriting when no override is set; a value the store
 * does not override starts from the HQ's, which is what the store plays with today.
 */
export const storeDuckingFormOf = (store: StoreDucking): StoreDuckingForm => ({
  inherit: store.duckEnabled === null && store.duckVolumePercent === null && store.duckFadeMs === null,
  duckEnabled: store.duckEnabled ?? store.hqDuckEnabled,
  duckVolumePercent: store.duckVolumePercent ?? store.hqDuckVolumePercent,
  duckFadeMs: store.duckFadeMs ?? store.hqDuckFadeMs,
});

/** UpdateStoreDuckingRequest is a full replace: all three keys always, all null to inherit. */
export const storeDuckingBodyOf = (form: StoreDuckingForm): { duckEnabled: boolean | null; duckVolumePercent: number | null; duckFadeMs: number | null } =>
  form.inherit
    ? { duckEnabled: null, duckVolumePercent: null, duckFadeMs: null }
    : { duckEnabled: form.duckEnabled, duckVolumePercent: form.duckVolumePercent, duckFadeMs: form.duckFadeMs };

/** The commercial cycle card: null means the HQ value. */
export const commercialCycleBodyOf = (form: { inherit: boolean; songs: number }): { commercialCycleSongs: number | null } => ({
  commercialCycleSongs: form.inherit ? null : form.songs,
});
