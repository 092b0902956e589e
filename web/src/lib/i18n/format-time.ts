import { currentLanguage } from './index';

/** A server instant as the person reads it: their language, the browser's time zone. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage() === 'ko' ? 'ko-KR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
};

/** How long ago an instant was, in the person's language ("3분 전", "3 minutes ago"). */
export const formatRelative = (iso: string | null | undefined, now: number = Date.now()): string => {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(currentLanguage() === 'ko' ? 'ko-KR' : 'en-GB', { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
};
