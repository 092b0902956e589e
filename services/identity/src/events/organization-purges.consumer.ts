import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { IdentityContext } from '../app/context';
import { purgeTenant } from '../app/purge-tenant.use-case';

type Event<K extends keyof DomainEventMap> = EventEnvelope<DomainEventMap[K]>;

/** A store deleted for good: its store managers (that store of that HQ) and what references them. */
const onStorePurged = (ctx: IdentityContext) => async (event: Event<'organization.store.purged'>, tx: DbExecutor) => {
  await purgeTenant(ctx, tx, { kind: 'store', storeId: event.data.storeId, hqId: event.data.hqId });
};

/** An HQ deleted for good (after all its stores): its HQ managers, any manager still carrying it, its exchange tokens. */
const onHqPurged = (ctx: IdentityContext) => async (event: Event<'organization.hq.purged'>, tx: DbExecutor) => {
  await purgeTenant(ctx, tx, { kind: 'hq', hqId: event.data.hqId });
};

/** Drops the accounts (and everything of them) of stores and HQs organization deleted for good. */
export const startOrganizationPurgesConsumer = (deps: { broker: Broker; context: IdentityContext }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.context.db,
    logger: deps.context.logger,
    queue: 'identity.organization-purges',
    handlers: {
      'organization.store.purged': onStorePurged(deps.context),
      'organization.hq.purged': onHqPurged(deps.context),
    },
  });
