import { endsWithoutStores, occurrencesBetween, scheduleProblems, type ScheduleRule } from './schedule';

const rule = (over: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: 'DAILY',
  times: [],
  daysOfWeek: [],
  startHour: null,
  endHour: null,
  minute: null,
  startDate: '2026-03-10',
  endDate: '2026-03-11',
  ...over,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('occurrencesBetween (KST)', () => {
  it('DAILY at 09:00 and 21:30 KST over two days', () => {
    expect(iso(occurrencesBetween(rule({ times: ['21:30', '09:00'] }), new Date('2026-03-09T00:00:00Z'), new Date('2026-03-20T00:00:00Z')))).toEqual([
      '2026-03-10T00:00:00.000Z',
      '2026-03-10T12:30:00.000Z',
      '2026-03-11T00:00:00.000Z',
      '2026-03-11T12:30:00.000Z',
    ]);
  });

  it('HOURLY, EVEN_HOURS and ODD_HOURS within operating hours', () => {
    const day = { startDate: '2026-03-10', endDate: '2026-03-10' };
    const window = [new Date('2026-03-09T00:00:00Z'), new Date('2026-03-11T00:00:00Z')] as const;
    const hours = (r: ScheduleRule) => occurrencesBetween(r, ...window).map((d) => (d.getUTCHours() + 9) % 24);
    expect(hours(rule({ ...day, frequency: 'HOURLY', startHour: 9, endHour: 12, minute: 15 }))).toEqual([9, 10, 11, 12]);
    expect(hours(rule({ ...day, frequency: 'EVEN_HOURS', startHour: 9, endHour: 14, minute: 0 }))).toEqual([10, 12, 14]);
    expect(hours(rule({ ...day, frequency: 'ODD_HOURS', startHour: 9, endHour: 14, minute: 0 }))).toEqual([9, 11, 13]);
  });

  it('WEEKLY on its KST weekdays; the window is (after, until]', () => {
    const r = rule({ frequency: 'WEEKLY', times: ['00:05'], daysOfWeek: ['WED'], startDate: '2026-03-01', endDate: '2026-03-31' });
    // 00:05 KST Wednesday is 15:05 UTC Tuesday.
    expect(iso(occurrencesBetween(r, new Date('2026-03-10T15:05:00Z'), new Date('2026-03-18T15:05:00Z')))).toEqual(['2026-03-17T15:05:00.000Z']);
  });
});

describe('scheduleProblems', () => {
  it('accepts a valid rule and names each problem of an invalid one', () => {
    expect(scheduleProblems(rule({ times: ['10:00'] }), '2026-03-10')).toEqual([]);
    const fields = scheduleProblems(rule({ frequency: 'HOURLY', startHour: 10, endHour: 9, minute: 3, endDate: '2026-03-01' }), '2026-03-10').map((p) => p.field);
    expect(fields).toEqual(expect.arrayContaining(['endDate', 'endHour', 'minute']));
  });
});

describe('endsWithoutStores (a store of the list was purged)', () => {
  it('an ACTIVE STORES schedule left with no store ends; one with stores left, a CANCELED or ENDED one, or an ALL / REGION one (no list) does not', () => {
    expect(endsWithoutStores({ target: 'STORES', status: 'ACTIVE', storeIds: [] })).toBe(true);
    expect(endsWithoutStores({ target: 'STORES', status: 'ACTIVE', storeIds: ['b'] })).toBe(false);
    expect(endsWithoutStores({ target: 'STORES', status: 'CANCELED', storeIds: [] })).toBe(false);
    expect(endsWithoutStores({ target: 'STORES', status: 'ENDED', storeIds: [] })).toBe(false);
    expect(endsWithoutStores({ target: 'ALL', status: 'ACTIVE', storeIds: [] })).toBe(false);
    expect(endsWithoutStores({ target: 'REGION', status: 'ACTIVE', storeIds: [] })).toBe(false);
  });
});
