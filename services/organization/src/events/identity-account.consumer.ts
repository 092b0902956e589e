import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope, type Logger } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import { applyAccountStatus, recordManagerAccount } from '../db/manager-account.repository';
import { isAccountStatus } from '../domain/enums';
import type { OrgDb } from '../app/context';

/** Records HQ and store manager accounts we did not create ourselves (hasManagerAccount, scope re-check). */
const onAccountCreated = async (event: EventEnvelope<DomainEventMap['identity.account.created']>, tx: DbExecutor) => {
  const { data } = event;
  if ((data.role !== 'HQ_MANAGER' && data.role !== 'STORE_MANAGER') || !data.hqId) return;
  await recordManagerAccount(tx, { accountId: data.accountId, role: data.role, hqId: data.hqId, storeId: data.storeId ?? null, at: new Date(event.occurredAt) });
};

/** Applies SUSPENDED / ACTIVE / WITHDRAWN; the newest fact wins. */
const onAccountStatusChanged = (logger: Logger) => async (event: EventEnvelope<DomainEventMap['identity.account.status-changed']>, tx: DbExecutor) => {
  const { data } = event;
  if (!isAccountStatus(data.status)) return;
  const n = await applyAccountStatus(tx, data.accountId, data.status, new Date(event.occurredAt));
  if (n === 0) logger.debug({ accountId: data.accountId }, 'status change for an account we do not track (or an older fact)');
};

/**
 * Keeps the manager-account projection current. Idempotent through the kit (handled message ids
 * are recorded in the same transaction as the change).
 */
export const startIdentityAccountConsumer = (deps: { broker: Broker; db: OrgDb; logger: Logger }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.db,
    logger: deps.logger,
    queue: 'organization.identity-accounts',
    handlers: {
      'identity.account.created': onAccountCreated,
      'identity.account.status-changed': onAccountStatusChanged(deps.logger),
    },
  });
