import type { Plan } from './enums';

/** Defaults of an HQ (spec 03 § HQ profile and § Limits). */
export const HQ_SETTING_DEFAULTS = {
  commercialCycleSongs: 5,
  duckEnabled: true,
  duckVolumePercent: 20,
  duckFadeMs: 400,
} as const;

export const LIMITS = {
  commercialCycleSongs: { min: 1, max: 100 },
  duckVolumePercent: { min: 0, max: 100 },
  duckFadeMs: { min: 0, max: 5000 },
} as const;

export interface HqSettings {
  commercialCycleSongs: number;
  duckEnabled: boolean;
  duckVolumePercent: number;
  duckFadeMs: number;
  plan: Plan | null;
}

/** Store overrides: null means "the HQ value". */
export interface StoreOverrides {
  commercialCycleSongs: number | null;
  duckEnabled: boolean | null;
  duckVolumePercent: number | null;
  duckFadeMs: number | null;
  plan: Plan | null;
}

export interface EffectiveSettings {
  hqCommercialCycleSongs: number;
  commercialCycleSongs: number;
  duckEnabled: boolean;
  duckVolumePercent: number;
  duckFadeMs: number;
  plan: Plan | null;
}

/** Each effective value is the store override, else the HQ value (spec 03 § HQ profile). */
export const effectiveSettings = (hq: HqSettings, store: StoreOverrides): EffectiveSettings => ({
  hqCommercialCycleSongs: hq.commercialCycleSongs,
  commercialCycleSongs: store.commercialCycleSongs ?? hq.commercialCycleSongs,
  duckEnabled: store.duckEnabled ?? hq.duckEnabled,
  duckVolumePercent: store.duckVolumePercent ?? hq.duckVolumePercent,
  duckFadeMs: store.duckFadeMs ?? hq.duckFadeMs,
  plan: effectivePlan(store.plan, hq.plan),
});

/** Independent stores carry their own plan; HQ-affiliated stores inherit the HQ's. */
export const effectivePlan = (storePlan: Plan | null, hqPlan: Plan | null): Plan | null => storePlan ?? hqPlan ?? null;
export const effectiveBillingAnchorDay = (storeDay: number | null, hqDay: number | null): number | null => storeDay ?? hqDay ?? null;
