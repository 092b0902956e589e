import { consumeEvents, type Broker, type Clock, type DbExecutor, type EventEnvelope, type Logger } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { clearDeviceAssignment, clearStoreAssignments } from '../app/assignments.use-case';
import type { CatalogSchema } from '../db/schema';

interface Deps {
  broker: Broker;
  db: NodePgDatabase<CatalogSchema>;
  clock: Clock;
  logger: Logger;
}

const onStoreClosed = (deps: Deps) => (event: EventEnvelope<DomainEventMap['organization.store.closed']>, tx: DbExecutor) =>
  clearStoreAssignments(tx, deps, { hqId: event.data.hqId, storeId: event.data.storeId, reason: 'STORE_CLOSED' });

const onStoreDeleted = (deps: Deps) => (event: EventEnvelope<DomainEventMap['organization.store.deleted']>, tx: DbExecutor) =>
  clearStoreAssignments(tx, deps, { hqId: event.data.hqId, storeId: event.data.storeId, reason: event.data.reason });

const onDeviceRevoked = (deps: Deps) => (event: EventEnvelope<DomainEventMap['organization.device.revoked']>, tx: DbExecutor) =>
  clearDeviceAssignment(tx, deps, { storeId: event.data.storeId, deviceId: event.data.deviceId });

/** Drops the playlist assignments of stores organization closed or deleted and of devices it revoked. */
export const startOrganizationAssignmentsConsumer = (deps: Deps) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.db,
    logger: deps.logger,
    queue: 'catalog-search.organization-assignments',
    handlers: {
      'organization.store.closed': onStoreClosed(deps),
      'organization.store.deleted': onStoreDeleted(deps),
      'organization.device.revoked': onDeviceRevoked(deps),
    },
  });
