import { isValidBusinessNumber } from './business-number';
import { REGIONS, isRegion } from './regions';
import { byStatusThenName, HQ_STATUS_PRIORITY, STORE_STATUS_PRIORITY, statusRank } from './ordering';
import { diffStorePatch, changedFields } from './store-patch';
import { decideRegistration, MAX_ACTIVE_DEVICES } from './devices';
import { effectivePlaylist } from './effective-playlist';
import { BULK_CSV_HEADER, bulkTemplateCsv, headerMatches, rowToInput, isBlankRecord } from './bulk-csv';

describe('business number', () => {
  it('accepts ###-##-##### only', () => {
    expect(isValidBusinessNumber('123-45-67890')).toBe(true);
    for (const bad of ['1234567890', '123-456-7890', '12a-45-67890', '123-45-678901', ' 123-45-67890']) {
      expect(isValidBusinessNumber(bad)).toBe(false);
    }
  });
});

describe('regions', () => {
  it('are the 17 Korean provinces, unique', () => {
    expect(REGIONS).toHaveLength(17);
    expect(new Set(REGIONS).size).toBe(17);
    expect(isRegion('SEOUL')).toBe(true);
    expect(isRegion('seoul')).toBe(false);
  });
});

describe('list ordering', () => {
  it('ranks HQ statuses UNPAID, SUSPENDED, ACTIVE, ONBOARDING', () => {
    expect(HQ_STATUS_PRIORITY.map((s) => statusRank(HQ_STATUS_PRIORITY, s))).toEqual([0, 1, 2, 3]);
  });

  it('sorts stores by status priority, then name, then id', () => {
    const rows = [
      { id: 'b', name: 'A', status: 'ACTIVE' as const },
      { id: 'a', name: 'A', status: 'ACTIVE' as const },
      { id: 'c', name: 'Z', status: 'SUSPENDED' as const },
      { id: 'd', name: 'B', status: 'INACTIVE' as const },
    ];
    expect([...rows].sort(byStatusThenName(STORE_STATUS_PRIORITY)).map((r) => r.id)).toEqual(['c', 'd', 'a', 'b']);
  });
});

describe('store PATCH diff', () => {
  const current = { name: 'Gangnam', address: 'Seoul', managerName: null, managerEmail: 'a@x.io', managerPhone: null };

  it('absent keys are unchanged, null clears, values set', () => {
    const changes = diffStorePatch(current, { address: null, managerName: 'Kim' });
    expect(changes).toEqual({ address: { before: 'Seoul', after: null }, managerName: { before: null, after: 'Kim' } });
    expect(changedFields(changes)).toEqual(['address', 'managerName']);
  });

  it('a patch equal to the current values has no changes', () => {
    expect(diffStorePatch(current, { name: 'Gangnam', managerEmail: 'a@x.io', managerPhone: null })).toEqual({});
  });
});

describe('device registration', () => {
  it('allows up to four active devices and re-registration of a known key beyond that', () => {
    expect(decideRegistration({ keyAlreadyActive: false, activeCount: MAX_ACTIVE_DEVICES - 1 })).toBe('NEW');
    expect(decideRegistration({ keyAlreadyActive: false, activeCount: MAX_ACTIVE_DEVICES })).toBe('LIMIT_EXCEEDED');
    expect(decideRegistration({ keyAlreadyActive: true, activeCount: MAX_ACTIVE_DEVICES })).toBe('EXISTING');
  });
});

describe('bulk CSV rules', () => {
  it('the template is the BOM plus the five Korean column names', () => {
    expect(bulkTemplateCsv()).toBe('\uFEFF매장명,주소,점주명,점주 이메일,점주 연락처\r\n');
  });

  it('the header must be exactly the five names in order', () => {
    expect(headerMatches([...BULK_CSV_HEADER])).toBe(true);
    expect(headerMatches(['주소', '매장명', '점주명', '점주 이메일', '점주 연락처'])).toBe(false);
    expect(headerMatches(BULK_CSV_HEADER.slice(0, 4))).toBe(false);
    expect(headerMatches([...BULK_CSV_HEADER, 'extra'])).toBe(false);
  });

  it('maps cells to the create request, blank cells to null', () => {
    expect(rowToInput([' 강남점 ', '', '김', 'k@x.io', ' '])).toEqual({
      name: '강남점', address: null, managerName: '김', managerEmail: 'k@x.io', managerPhone: null,
    });
    expect(isBlankRecord(['', ' ', '', '', ''])).toBe(true);
  });
});

describe('effective playlist of a store', () => {
  const own = { id: 'own', name: 'Own' };
  const fallback = { id: 'default', name: 'Default' };
  it("is the store's own active playlist, else the HQ default, else none", () => {
    expect(effectivePlaylist(own, fallback)).toEqual({ id: 'own', name: 'Own', source: 'STORE' });
    expect(effectivePlaylist(null, fallback)).toEqual({ id: 'default', name: 'Default', source: 'DEFAULT' });
    expect(effectivePlaylist(null, null)).toBeNull();
  });
});
