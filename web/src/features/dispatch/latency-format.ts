import type { Language } from '../../lib/i18n';

/**
 * A latency or lag in milliseconds as a person reads it: seconds with one decimal ("1.2 s",
 * "1.2초"); negative when the player had it before it was due; null when it was not measured.
 */
export const formatLatency = (ms: number | null | undefined, language: Language): string | null => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  const seconds = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
  return language === 'ko' ? `${seconds}초` : `${seconds} s`;
};
