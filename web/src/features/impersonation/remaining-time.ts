/**
 * The time an impersonation session has left, as the banner shows it ("m:ss", minutes not capped
 * at 59 so a fresh 60-minute session reads 60:00); never negative, a past end reads 0:00.
 */
export const remainingClock = (endsAt: string, now: number): string => {
  const total = Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000));
  if (!Number.isFinite(total)) return '0:00';
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
};
