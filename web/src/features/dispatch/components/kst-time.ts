import { currentLanguage } from '../../../lib/i18n';

/** An instant in Korea time, as schedules are written ("10 Mar 2026, 18:30 KST"): their rules are KST. */
export const formatKst = (at: Date | string): string => {
  const date = typeof at === 'string' ? new Date(at) : at;
  const language = currentLanguage();
  const text = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(date);
  return `${text} KST`;
};

/** With the weekday, for the occurrence preview ("Tue, 10 Mar 2026, 18:30 KST"). */
export const formatKstWithDay = (at: Date): string => {
  const language = currentLanguage();
  const text = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' }).format(at);
  return `${text} KST`;
};
