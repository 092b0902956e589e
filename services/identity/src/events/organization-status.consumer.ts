import { consumeEvents, type Broker, type EventEnvelope } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { IdentityContext } from '../app/context';
import { endBlockedSessions } from '../app/end-blocked-sessions.use-case';

type Event<K extends keyof DomainEventMap> = EventEnvelope<DomainEventMap[K]>;
const at = (event: EventEnvelope) => new Date(event.occurredAt);

const onStoreSuspended = (ctx: IdentityContext) => async (event: Event<'organization.store.suspended'>) => {
  await endBlockedSessions(ctx, { role: 'STORE_MANAGER', hqId: event.data.hqId, storeId: event.data.storeId, reason: 'STORE_SUSPENDED' }, at(event));
};

const onStoreClosed = (ctx: IdentityContext) => async (event: Event<'organization.store.closed'>) => {
  await endBlockedSessions(ctx, { role: 'STORE_MANAGER', hqId: event.data.hqId, storeId: event.data.storeId, reason: 'STORE_CLOSED' }, at(event));
};

/** Organization also withdraws the managers over gRPC, but counts a failure and lets the deletion stand: this still ends their tokens. */
const onStoreDeleted = (ctx: IdentityContext) => async (event: Event<'organization.store.deleted'>) => {
  await endBlockedSessions(ctx, { role: 'STORE_MANAGER', hqId: event.data.hqId, storeId: event.data.storeId, reason: event.data.reason }, at(event));
};

const onHqSuspended = (ctx: IdentityContext) => async (event: Event<'organization.hq.suspended'>) => {
  await endBlockedSessions(ctx, { role: 'HQ_MANAGER', hqId: event.data.hqId, reason: 'HQ_SUSPENDED' }, at(event));
};

const onHqDeleted = (ctx: IdentityContext) => async (event: Event<'organization.hq.deleted'>) => {
  await endBlockedSessions(ctx, { role: 'HQ_MANAGER', hqId: event.data.hqId, reason: 'HQ_DELETED' }, at(event));
};

/** Ends the access tokens of managers whose sign-in an organization change now blocks. */
export const startOrganizationStatusConsumer = (deps: { broker: Broker; context: IdentityContext }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.context.db,
    logger: deps.context.logger,
    queue: 'identity.organization-status',
    handlers: {
      'organization.store.suspended': onStoreSuspended(deps.context),
      'organization.store.closed': onStoreClosed(deps.context),
      'organization.store.deleted': onStoreDeleted(deps.context),
      'organization.hq.suspended': onHqSuspended(deps.context),
      'organization.hq.deleted': onHqDeleted(deps.context),
    },
  });
