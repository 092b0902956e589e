import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import { purgeTenant } from '../app/purge-tenant.use-case';
import type { SupportContext } from '../app/ports';

type Event<K extends keyof DomainEventMap> = EventEnvelope<DomainEventMap[K]>;

/** A store deleted for good: its tickets (that store of that HQ), their comments, attachments and files. */
const onStorePurged = (ctx: SupportContext) => async (event: Event<'organization.store.purged'>, tx: DbExecutor) => {
  await purgeTenant(ctx, tx, { kind: 'store', storeId: event.data.storeId, hqId: event.data.hqId });
};

/** An HQ deleted for good (after all its stores): its own tickets and any store ticket of it still left. */
const onHqPurged = (ctx: SupportContext) => async (event: Event<'organization.hq.purged'>, tx: DbExecutor) => {
  await purgeTenant(ctx, tx, { kind: 'hq', hqId: event.data.hqId });
};

/** Drops what support keeps for stores and HQs organization deleted for good. */
export const startOrganizationPurgesConsumer = (deps: { broker: Broker; context: SupportContext }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.context.db,
    logger: deps.context.logger,
    queue: 'support.organization-purges',
    handlers: {
      'organization.store.purged': onStorePurged(deps.context),
      'organization.hq.purged': onHqPurged(deps.context),
    },
  });
