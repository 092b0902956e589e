/**
 * The effective "every N songs" of a store (spec 03 § Commercial songs, § HQ view of stores): the
 * store's override when set, else the HQ value; below 1 or unavailable the store plays with 5.
 */
export const DEFAULT_COMMERCIAL_CYCLE = 5;

export interface EffectiveCycle {
  songs: number;
  /** Where the number comes from: the store's own override, the HQ value, or the players' default. */
  source: 'STORE' | 'HQ' | 'DEFAULT';
}

const usable = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 1;

export const effectiveCycle = (storeOverride: number | null | undefined, hqValue: number | null | undefined): EffectiveCycle => {
  if (usable(storeOverride)) return { songs: storeOverride, source: 'STORE' };
  if (usable(hqValue)) return { songs: hqValue, source: 'HQ' };
  return { songs: DEFAULT_COMMERCIAL_CYCLE, source: 'DEFAULT' };
};
