import { effectiveSettings, effectivePlan, effectiveBillingAnchorDay, HQ_SETTING_DEFAULTS } from './effective-settings';

const hq = { ...HQ_SETTING_DEFAULTS, commercialCycleSongs: 7, duckVolumePercent: 30, plan: 'TRUST' as const };
const noOverrides = { commercialCycleSongs: null, duckEnabled: null, duckVolumePercent: null, duckFadeMs: null, plan: null };

describe('effective store settings', () => {
  it('without overrides every value is the HQ value', () => {
    expect(effectiveSettings(hq, noOverrides)).toEqual({
      hqCommercialCycleSongs: 7,
      commercialCycleSongs: 7,
      duckEnabled: true,
      duckVolumePercent: 30,
      duckFadeMs: 400,
      plan: 'TRUST',
    });
  });

  it('each override replaces only its own value', () => {
    const eff = effectiveSettings(hq, { ...noOverrides, duckEnabled: false, duckFadeMs: 0 });
    expect(eff).toMatchObject({ duckEnabled: false, duckVolumePercent: 30, duckFadeMs: 0, commercialCycleSongs: 7 });
  });

  it('the store cycle overrides the HQ cycle, and the HQ cycle is still reported', () => {
    expect(effectiveSettings(hq, { ...noOverrides, commercialCycleSongs: 12 })).toMatchObject({ hqCommercialCycleSongs: 7, commercialCycleSongs: 12 });
  });

  it('falsy overrides (false, 0) are overrides, not inheritance', () => {
    expect(effectiveSettings(hq, { ...noOverrides, duckVolumePercent: 0, duckEnabled: false })).toMatchObject({ duckVolumePercent: 0, duckEnabled: false });
  });

  it('plan and billing day come from the store, else the HQ, else nothing', () => {
    expect(effectivePlan('AI', 'TRUST')).toBe('AI');
    expect(effectivePlan(null, 'TRUST')).toBe('TRUST');
    expect(effectivePlan(null, null)).toBeNull();
    expect(effectiveBillingAnchorDay(null, 15)).toBe(15);
    expect(effectiveBillingAnchorDay(3, 15)).toBe(3);
  });
});
