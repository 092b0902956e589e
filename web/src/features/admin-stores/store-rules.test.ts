import { describe, expect, it } from 'vitest';
import { affiliatedBodyOf, checkStoreOnboarding, EMPTY_STORE_ONBOARDING, independentBodyOf, storeActionsFor, typedConfirmationMatches } from './store-rules';
import { NO_STORE_FILTERS, paramsFromStoreFilters, storeFiltersFromParams, storeListQuery } from './store-filters';

describe('the actions each store status allows (spec 02 § Store status and closure)', () => {
  it('suspends ACTIVE and INACTIVE stores, reactivates SUSPENDED ones; any open store may close', () => {
    expect(storeActionsFor({ status: 'ACTIVE', closedAt: null })).toEqual(['SUSPEND', 'CLOSE']);
    expect(storeActionsFor({ status: 'INACTIVE', closedAt: null })).toEqual(['SUSPEND', 'CLOSE']);
    expect(storeActionsFor({ status: 'SUSPENDED', closedAt: null })).toEqual(['REACTIVATE', 'CLOSE']);
  });
  it('offers nothing for a closed store (409 STORE_ALREADY_CLOSED)', () => {
    expect(storeActionsFor({ status: 'ACTIVE', closedAt: '2026-12-01T00:00:00.000Z' })).toEqual([]);
    expect(storeActionsFor({ status: 'SUSPENDED', closedAt: '2026-12-01T00:00:00.000Z' })).toEqual([]);
  });
});

describe('the typed confirmation of closing', () => {
  it('matches the store name exactly, spaces at the ends aside', () => {
    expect(typedConfirmationMatches('Mapo Store', 'Mapo Store')).toBe(true);
    expect(typedConfirmationMatches('  Mapo Store ', 'Mapo Store')).toBe(true);
  });
  it('refuses another text, another letter case, a part, or nothing', () => {
    expect(typedConfirmationMatches('mapo store', 'Mapo Store')).toBe(false);
    expect(typedConfirmationMatches('Mapo', 'Mapo Store')).toBe(false);
    expect(typedConfirmationMatches('', 'Mapo Store')).toBe(false);
    expect(typedConfirmationMatches('', '')).toBe(false);
  });
});

describe('store onboarding', () => {
  const filled = { ...EMPTY_STORE_ONBOARDING, name: ' Mapo ', managerEmail: ' owner@mapo.test ', plan: 'AI' as const, billingAnchorDay: 5, hqId: 'hq-1', storeType: 'DIRECT' as const };
  it('an independent store needs a plan and a billing day 1..31', () => {
    expect(checkStoreOnboarding('independent', { ...EMPTY_STORE_ONBOARDING })).toEqual({ name: { key: 'required' }, plan: { key: 'planRequired' } });
    expect(checkStoreOnboarding('independent', { ...filled, billingAnchorDay: 40 })).toEqual({ billingAnchorDay: { key: 'range', min: 1, max: 31 } });
  });
  it('an HQ-affiliated store needs its HQ and DIRECT or FRANCHISE (plan and billing day are inherited)', () => {
    expect(checkStoreOnboarding('affiliated', { ...EMPTY_STORE_ONBOARDING, name: 'x' })).toEqual({ hqId: { key: 'hqRequired' }, storeType: { key: 'storeTypeRequired' } });
  });
  it('checks the contact limits and the email shape; an empty email is allowed (no account)', () => {
    expect(checkStoreOnboarding('independent', { ...filled, name: 'x'.repeat(51), managerEmail: 'owner@', managerPhone: '0'.repeat(31) })).toEqual({
      name: { key: 'tooLong', max: 50 },
      managerEmail: { key: 'emailInvalid' },
      managerPhone: { key: 'tooLong', max: 30 },
    });
    expect(checkStoreOnboarding('independent', { ...filled, managerEmail: '' })).toEqual({});
  });
  it('sends trimmed values and leaves blank ones out', () => {
    expect(independentBodyOf(filled)).toEqual({ store: { name: 'Mapo', managerEmail: 'owner@mapo.test', plan: 'AI', billingAnchorDay: 5 } });
    expect(affiliatedBodyOf(filled)).toEqual({ store: { name: 'Mapo', managerEmail: 'owner@mapo.test', storeType: 'DIRECT' } });
  });
});

describe('the store list filters in the URL', () => {
  it('round-trip, including the HQ', () => {
    const filters = { q: 'mapo', status: 'SUSPENDED', type: 'DIRECT', plan: 'AI', hqId: '6f1c2b9e-1d2a-4c3b-9a8e-0b1c2d3e4f50', page: 1 } as const;
    expect(storeFiltersFromParams(paramsFromStoreFilters(filters))).toEqual(filters);
  });
  it('ignore unknown values and a malformed HQ id; send only what is set', () => {
    expect(storeFiltersFromParams(new URLSearchParams({ status: 'CLOSED', hqId: 'nope' }))).toEqual(NO_STORE_FILTERS);
    expect(storeListQuery(NO_STORE_FILTERS)).toEqual({ page: 0, size: 20 });
  });
});
