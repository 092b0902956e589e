import { describe, expect, it } from 'vitest';
import { commercialCycleBodyOf, storeDuckingBodyOf, storeDuckingFormOf } from './store-overrides';

const hq = { hqDuckEnabled: true, hqDuckVolumePercent: 20, hqDuckFadeMs: 400 };

describe('store overrides', () => {
  it('inherit when the store overrides none of the three ducking values', () => {
    expect(storeDuckingFormOf({ ...hq, duckEnabled: null, duckVolumePercent: null, duckFadeMs: null })).toEqual({ inherit: true, duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400 });
  });

  it('start the values the store does not override from the HQ’s', () => {
    expect(storeDuckingFormOf({ ...hq, duckEnabled: false, duckVolumePercent: null, duckFadeMs: 1000 })).toEqual({ inherit: false, duckEnabled: false, duckVolumePercent: 20, duckFadeMs: 1000 });
  });

  it('always send all three ducking keys, all null to inherit', () => {
    expect(storeDuckingBodyOf({ inherit: true, duckEnabled: false, duckVolumePercent: 5, duckFadeMs: 0 })).toEqual({ duckEnabled: null, duckVolumePercent: null, duckFadeMs: null });
    expect(storeDuckingBodyOf({ inherit: false, duckEnabled: false, duckVolumePercent: 5, duckFadeMs: 0 })).toEqual({ duckEnabled: false, duckVolumePercent: 5, duckFadeMs: 0 });
  });

  it('send null for the HQ commercial cycle, else the store’s count', () => {
    expect(commercialCycleBodyOf({ inherit: true, songs: 9 })).toEqual({ commercialCycleSongs: null });
    expect(commercialCycleBodyOf({ inherit: false, songs: 9 })).toEqual({ commercialCycleSongs: 9 });
  });
});
