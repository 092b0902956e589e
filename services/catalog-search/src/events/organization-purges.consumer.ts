import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope, type Logger } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { purgeHq, purgeStore } from '../app/purge-tenant.use-case';
import type { CatalogSchema } from '../db/schema';

interface Deps {
  broker: Broker;
  db: NodePgDatabase<CatalogSchema>;
  logger: Logger;
}

/** A store deleted for good by organization (90 days after its soft delete). */
const onStorePurged = (deps: Deps) => (event: EventEnvelope<DomainEventMap['organization.store.purged']>, tx: DbExecutor) => purgeStore(tx, deps, event.data);

/** An HQ deleted for good, after all of its stores. */
const onHqPurged = (deps: Deps) => (event: EventEnvelope<DomainEventMap['organization.hq.purged']>, tx: DbExecutor) => purgeHq(tx, deps, event.data);

/** Drops what catalog-search keeps of stores and HQs organization deleted for good. */
export const startOrganizationPurgesConsumer = (deps: Deps) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.db,
    logger: deps.logger,
    queue: 'catalog-search.organization-purges',
    handlers: {
      'organization.store.purged': onStorePurged(deps),
      'organization.hq.purged': onHqPurged(deps),
    },
  });
