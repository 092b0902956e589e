/**
 * The rules of a scheduled store broadcast (spec 03 § Store broadcast, § Limits), checked in the
 * browser before sending; the server checks them again (BROADCAST_SCHEDULED_AT_PAST, _TOO_FAR,
 * DISPATCH_SLOT_OCCUPIED).
 */

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** HQ reservations occupy 5-minute slots (UTC start times). */
export const SLOT_MS = 5 * 60 * 1000;

/** The KST calendar date (YYYY-MM-DD) of an instant: what GET /store/slot-occupancy?date= takes. */
export const kstDateOf = (at: Date): string => new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);

/** A date (YYYY-MM-DD) and a time (HH:mm or HH:mm:ss) picked in the browser's time zone, as an instant. */
export const localDateTime = (date: string | null | undefined, time: string | null | undefined): Date | null => {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time ?? '');
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const at = new Date(year, month - 1, day, hour, minute, 0, 0);
  // 2026-02-31 would roll over into March: not a date the person picked.
  if (at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  return at;
};

export type ScheduleProblem = 'PAST' | 'TOO_FAR';

/** Past (or now) → PAST; later than the same moment one year ahead → TOO_FAR (as the server counts). */
export const scheduleProblem = (at: Date, now: Date): ScheduleProblem | null => {
  if (at.getTime() <= now.getTime()) return 'PAST';
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return at.getTime() > limit.getTime() ? 'TOO_FAR' : null;
};

/** The start of the 5-minute slot an instant falls in. */
export const slotOf = (at: Date): Date => new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);

/** Whether an HQ reservation holds the slot of `at` (occupiedSlots: UTC ISO start times). */
export const isSlotOccupied = (at: Date, occupiedSlots: readonly string[]): boolean => {
  const slot = slotOf(at).getTime();
  return occupiedSlots.some((s) => {
    const ms = Date.parse(s);
    return Number.isFinite(ms) && slotOf(new Date(ms)).getTime() === slot;
  });
};
