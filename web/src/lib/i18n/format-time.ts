import { currentLanguage } from './index';

/** A server instant as the person reads it: their language, the browser's time zone. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage() === 'ko' ? 'ko-KR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
};
