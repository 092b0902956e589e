import type { HqStatus, HqType } from './enums';

/**
 * HQ status machine (spec 02 § HQ status; the spec leaves suspend's start states, reactivate's
 * target and every UNPAID move open — the choices are written here and in the README):
 *
 *   (new)       onboard      → ONBOARDING
 *   ONBOARDING  activate     → ACTIVE                (audit HQ_ACTIVATED)
 *   ACTIVE      mark-unpaid  → UNPAID                (operator records a missed payment)
 *   UNPAID      mark-paid    → ACTIVE                (operator records the payment)
 *   ACTIVE | ONBOARDING | UNPAID  suspend (reason) → SUSPENDED   (not the INDEPENDENT HQ)
 *   SUSPENDED   reactivate   → ACTIVE                (reason cleared)
 *
 * The INDEPENDENT HQ is never suspended (403) and is never billed, so it never becomes UNPAID.
 */
export type HqAction = 'ACTIVATE' | 'SUSPEND' | 'REACTIVATE' | 'MARK_UNPAID' | 'MARK_PAID';

const MOVES: Record<HqAction, { from: readonly HqStatus[]; to: HqStatus }> = {
  ACTIVATE: { from: ['ONBOARDING'], to: 'ACTIVE' },
  SUSPEND: { from: ['ACTIVE', 'ONBOARDING', 'UNPAID'], to: 'SUSPENDED' },
  REACTIVATE: { from: ['SUSPENDED'], to: 'ACTIVE' },
  MARK_UNPAID: { from: ['ACTIVE'], to: 'UNPAID' },
  MARK_PAID: { from: ['UNPAID'], to: 'ACTIVE' },
};

export type HqTransition =
  | { ok: true; next: HqStatus }
  | { ok: false; reason: 'INDEPENDENT_HQ_SUSPENSION_FORBIDDEN' | 'HQ_INVALID_STATUS_TRANSITION' };

export const hqTransition = (hq: { type: HqType; status: HqStatus }, action: HqAction): HqTransition => {
  if (action === 'SUSPEND' && hq.type === 'INDEPENDENT') return { ok: false, reason: 'INDEPENDENT_HQ_SUSPENSION_FORBIDDEN' };
  if (action === 'MARK_UNPAID' && hq.type === 'INDEPENDENT') return { ok: false, reason: 'HQ_INVALID_STATUS_TRANSITION' };
  const move = MOVES[action];
  if (!move.from.includes(hq.status)) return { ok: false, reason: 'HQ_INVALID_STATUS_TRANSITION' };
  return { ok: true, next: move.to };
};

/** Status of an HQ created by onboarding. */
export const INITIAL_HQ_STATUS: HqStatus = 'ONBOARDING';

/** Whether an HQ may provision (create stores, issue store managers) from HQ mode. */
export const hqMayProvision = (status: HqStatus): boolean => status !== 'SUSPENDED';
