import { addDays, isKstDay, kstDay, kstDayStart, kstRange, monthOf, weekOf } from './kst';

describe('KST days', () => {
  it('an instant before 15:00 UTC belongs to the same KST day, from 15:00 UTC on to the next', () => {
    expect(kstDay(new Date('2026-03-01T14:59:59.999Z'))).toBe('2026-03-01');
    expect(kstDay(new Date('2026-03-01T15:00:00.000Z'))).toBe('2026-03-02');
  });

  it('a KST day starts at 15:00 UTC of the day before and ranges are half-open', () => {
    expect(kstDayStart('2026-03-02').toISOString()).toBe('2026-03-01T15:00:00.000Z');
    const r = kstRange('2026-03-02', '2026-03-03');
    expect([r.start.toISOString(), r.end.toISOString()]).toEqual(['2026-03-01T15:00:00.000Z', '2026-03-03T15:00:00.000Z']);
  });

  it('days are checked against the calendar', () => {
    expect(isKstDay('2026-02-28')).toBe(true);
    expect(isKstDay('2026-02-29')).toBe(false);
    expect(isKstDay('2028-02-29')).toBe(true);
    expect(isKstDay('2026-3-1')).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('weeks run Monday to Sunday and months are calendar months', () => {
    expect(weekOf('2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' }); // a Sunday
    expect(weekOf('2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-08' }); // a Monday
    expect(monthOf('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('days past 9999-12-31 are named as PostgreSQL names them, and days of the first centuries keep their year', () => {
    expect(weekOf('9999-12-31')).toEqual({ from: '9999-12-27', to: '10000-01-02' });
    expect(kstRange('9999-12-31', '9999-12-31').end.toISOString()).toBe('9999-12-31T15:00:00.000Z');
    expect(weekOf('0100-01-01')).toEqual({ from: '0099-12-28', to: '0100-01-03' });
  });

  it('the first century is real (Date.UTC would read year 4 as 1904), year 0000 is not, and no range starts before 0001-01-01T00:00Z', () => {
    for (const day of ['0001-01-01', '0004-02-29', '0099-12-31', '0400-02-29']) expect([day, isKstDay(day)]).toEqual([day, true]);
    for (const day of ['0000-01-01', '0000-12-31', '0001-02-29', '0100-02-29', '0003-02-29']) expect([day, isKstDay(day)]).toEqual([day, false]);
    expect(monthOf('0004-02-10')).toEqual({ from: '0004-02-01', to: '0004-02-29' });
    expect(monthOf('0100-02-10')).toEqual({ from: '0100-02-01', to: '0100-02-28' });
    expect(weekOf('0001-01-07')).toEqual({ from: '0001-01-01', to: '0001-01-07' }); // 0001-01-01 is a Monday
    const first = kstRange('0001-01-01', '0001-01-01');
    expect([first.start.toISOString(), first.end.toISOString()]).toEqual(['0001-01-01T00:00:00.000Z', '0001-01-01T15:00:00.000Z']);
    expect(kstRange('0050-06-15', '0050-06-15').start.toISOString()).toBe('0050-06-14T15:00:00.000Z');
  });
});
