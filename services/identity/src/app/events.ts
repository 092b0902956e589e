import { enqueueEvent, type Clock, type DbExecutor } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { AccountRow } from '../db/schema';

/** Typed outbox write: only events of the catalog (proto/src/events.ts), in the caller's transaction. */
export const emit = <K extends keyof DomainEventMap>(tx: DbExecutor, key: K, data: DomainEventMap[K], clock: Clock): Promise<string> =>
  enqueueEvent(tx, key, data, clock);

export const accountCreated = (tx: DbExecutor, account: AccountRow, clock: Clock) =>
  emit(tx, 'identity.account.created', { accountId: account.id, role: account.role, hqId: account.hqId, storeId: account.storeId }, clock);

export const accountStatusChanged = (tx: DbExecutor, account: AccountRow, previousStatus: string, clock: Clock) =>
  emit(tx, 'identity.account.status-changed', { accountId: account.id, role: account.role, status: account.status, previousStatus }, clock);
