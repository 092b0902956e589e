import type { StoreStatus } from './enums';

/**
 * Store status machine and closure (spec 02 § Store status and closure):
 *
 *   (new)               → ACTIVE (the spec does not say; INACTIVE exists in the enumeration and
 *                          is accepted as a start of suspend, but no v1 operation produces it)
 *   ACTIVE | INACTIVE   suspend (reason) → SUSPENDED     (not closed)
 *   SUSPENDED           reactivate       → ACTIVE        (not closed)
 *   any                 close (reason)   → closedAt set, status unchanged (irreversible)
 *
 * Closed stores answer STORE_ALREADY_CLOSED to close, suspend and reactivate; other invalid
 * moves answer STORE_INVALID_STATUS_TRANSITION.
 */
export type StoreAction = 'SUSPEND' | 'REACTIVATE' | 'CLOSE';

export type StoreTransition =
  | { ok: true; next: StoreStatus }
  | { ok: false; reason: 'STORE_ALREADY_CLOSED' | 'STORE_INVALID_STATUS_TRANSITION' };

export const INITIAL_STORE_STATUS: StoreStatus = 'ACTIVE';

export const storeTransition = (store: { status: StoreStatus; closed: boolean }, action: StoreAction): StoreTransition => {
  if (store.closed) return { ok: false, reason: 'STORE_ALREADY_CLOSED' };
  switch (action) {
    case 'CLOSE':
      return { ok: true, next: store.status };
    case 'SUSPEND':
      return store.status === 'ACTIVE' || store.status === 'INACTIVE'
        ? { ok: true, next: 'SUSPENDED' }
        : { ok: false, reason: 'STORE_INVALID_STATUS_TRANSITION' };
    case 'REACTIVATE':
      return store.status === 'SUSPENDED' ? { ok: true, next: 'ACTIVE' } : { ok: false, reason: 'STORE_INVALID_STATUS_TRANSITION' };
  }
};
