import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import { purgeHq, purgeStore } from '../app/purge-tenant.use-case';
import type { AppContext } from '../app/ports';

/** A store was deleted for good (90 days after its deletion): what is kept for it goes. */
const onStorePurged = (ctx: AppContext) => async (event: EventEnvelope<DomainEventMap['organization.store.purged']>, tx: DbExecutor) => {
  await purgeStore(ctx, tx, { storeId: event.data.storeId, hqId: event.data.hqId });
};

/** An HQ was deleted for good (after all its stores): what is kept for it goes. */
const onHqPurged = (ctx: AppContext) => async (event: EventEnvelope<DomainEventMap['organization.hq.purged']>, tx: DbExecutor) => {
  await purgeHq(ctx, tx, { hqId: event.data.hqId });
};

/** Drops the data of stores and HQs organization purged. */
export const startOrganizationPurgesConsumer = (deps: { broker: Broker; context: AppContext }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.context.db,
    logger: deps.context.logger,
    queue: 'announcement-dispatch.organization-purges',
    handlers: {
      'organization.store.purged': onStorePurged(deps.context),
      'organization.hq.purged': onHqPurged(deps.context),
    },
  });
