import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import { cancelStoreDispatches } from '../app/cancel-store-dispatches.use-case';
import type { AppContext } from '../app/ports';

/** A store was closed (irreversible): its open dispatches are canceled, PENDING ones revoked. */
const onStoreClosed = (ctx: AppContext) => async (event: EventEnvelope<DomainEventMap['organization.store.closed']>, tx: DbExecutor) => {
  await cancelStoreDispatches(ctx, tx, { storeId: event.data.storeId, hqId: event.data.hqId, reason: 'STORE_CLOSED' });
};

/** A store was deleted (alone, or with its HQ): the same as a closed store. */
const onStoreDeleted = (ctx: AppContext) => async (event: EventEnvelope<DomainEventMap['organization.store.deleted']>, tx: DbExecutor) => {
  await cancelStoreDispatches(ctx, tx, { storeId: event.data.storeId, hqId: event.data.hqId, reason: event.data.reason });
};

/** Stops delivery to stores organization closed or deleted. */
export const startOrganizationStoresConsumer = (deps: { broker: Broker; context: AppContext }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.context.db,
    logger: deps.context.logger,
    queue: 'announcement-dispatch.organization-stores',
    handlers: {
      'organization.store.closed': onStoreClosed(deps.context),
      'organization.store.deleted': onStoreDeleted(deps.context),
    },
  });
