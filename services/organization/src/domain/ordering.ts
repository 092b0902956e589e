import type { HqStatus, StoreStatus } from './enums';

/** Admin HQ list: UNPAID, SUSPENDED, ACTIVE, ONBOARDING, then name asc, id asc (spec 02). */
export const HQ_STATUS_PRIORITY: readonly HqStatus[] = ['UNPAID', 'SUSPENDED', 'ACTIVE', 'ONBOARDING'];

/**
 * Store lists: SUSPENDED, INACTIVE, ACTIVE, then name asc, id asc. The operator list states this
 * order; the HQ list says "SUSPENDED and INACTIVE first" and uses the same order.
 */
export const STORE_STATUS_PRIORITY: readonly StoreStatus[] = ['SUSPENDED', 'INACTIVE', 'ACTIVE'];

export const statusRank = <S extends string>(priority: readonly S[], status: S): number => {
  const i = priority.indexOf(status);
  return i < 0 ? priority.length : i;
};

/** Comparator equal to the SQL ORDER BY of the lists (status rank, name, id). */
export const byStatusThenName =
  <S extends string>(priority: readonly S[]) =>
  (a: { status: S; name: string; id: string }, b: { status: S; name: string; id: string }): number =>
    statusRank(priority, a.status) - statusRank(priority, b.status) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
