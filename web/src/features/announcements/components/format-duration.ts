import type { TFunction } from 'i18next';

/** An announcement's length ("12.3 s"), or a dash while it is unknown. */
export const formatDuration = (seconds: number | null | undefined, t: TFunction): string =>
  seconds == null ? '—' : t('announcements:seconds', { value: Math.round(seconds * 10) / 10 });
