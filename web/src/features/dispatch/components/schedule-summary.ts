import type { TFunction } from 'i18next';
import type { Region, Schedule, Target } from '../api/dispatch-api';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Daily at 09:00, 18:00", "Every even hour 10:00–20:00 at :15", in the person's words. */
export const describeRule = (t: TFunction, s: Pick<Schedule, 'frequency' | 'times' | 'daysOfWeek' | 'startHour' | 'endHour' | 'minute'>): string => {
  const times = [...s.times].sort().join(', ');
  switch (s.frequency) {
    case 'DAILY':
      return t('dispatch:rule.DAILY', { times });
    case 'WEEKLY':
      return t('dispatch:rule.WEEKLY', { days: s.daysOfWeek.map((d) => t(`dispatch:weekdays.${d}`)).join(', '), times });
    default:
      return t(`dispatch:rule.${s.frequency}`, { from: `${pad(s.startHour ?? 0)}:00`, to: `${pad(s.endHour ?? 0)}:00`, minute: pad(s.minute ?? 0) });
  }
};

/** "All stores", "3 stores", "Region: Seoul". */
export const describeTarget = (t: TFunction, target: Target, storeCount: number, region: Region | null | undefined): string =>
  target === 'ALL' ? t('dispatch:targetAll') : target === 'REGION' ? t('dispatch:targetRegion', { region: region ? t(`dispatch:regions.${region}`) : '' }) : t('dispatch:targetStores', { count: storeCount });

/** The whole schedule on one line: rule, date range, target. */
export const describeSchedule = (t: TFunction, s: Schedule): string =>
  `${describeRule(t, s)} · ${t('dispatch:dateRange', { from: s.startDate, to: s.endDate })} · ${describeTarget(t, s.target, s.storeIds.length, s.region)}`;
