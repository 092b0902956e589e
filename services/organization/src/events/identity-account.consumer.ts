import { consumeEvents, type Broker, type Logger } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import { applyAccountStatus, recordManagerAccount } from '../db/manager-account.repository';
import { ACCOUNT_STATUSES, type AccountStatus } from '../domain/enums';
import type { OrgDb } from '../app/context';

type AccountEvent = DomainEventMap['identity.account.created'] | DomainEventMap['identity.account.status-changed'];

const isStatus = (s: unknown): s is AccountStatus => typeof s === 'string' && (ACCOUNT_STATUSES as readonly string[]).includes(s);

/**
 * Keeps the manager-account projection current (hasManagerAccount, scope re-check):
 * - identity.account.created: records HQ/store manager accounts we did not create ourselves;
 * - identity.account.status-changed: applies SUSPENDED / ACTIVE / WITHDRAWN, newest fact wins.
 * Idempotent through the kit (handled message ids are recorded in the same transaction).
 */
export const startIdentityAccountConsumer = (deps: { broker: Broker; db: OrgDb; logger: Logger }) =>
  consumeEvents<AccountEvent>({
    broker: deps.broker,
    db: deps.db,
    logger: deps.logger,
    queue: 'organization.identity-accounts',
    bindings: ['identity.account.created', 'identity.account.status-changed'],
    handle: async (event, tx) => {
      const at = new Date(event.occurredAt);
      if (event.type === 'identity.account.created') {
        const data = event.data as DomainEventMap['identity.account.created'];
        if ((data.role !== 'HQ_MANAGER' && data.role !== 'STORE_MANAGER') || !data.hqId) return;
        await recordManagerAccount(tx, { accountId: data.accountId, role: data.role, hqId: data.hqId, storeId: data.storeId ?? null, at });
        return;
      }
      const data = event.data as DomainEventMap['identity.account.status-changed'];
      if (!isStatus(data.status)) return;
      const n = await applyAccountStatus(tx, data.accountId, data.status, at);
      if (n === 0) deps.logger.debug({ accountId: data.accountId }, 'status change for an account we do not track (or an older fact)');
    },
  });
