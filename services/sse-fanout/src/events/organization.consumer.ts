import type { DomainEventMap } from '@storecast/proto';
import type { EventEnvelope } from '@storecast/service-kit';
import type { ConnectionHub } from '../app/connection-hub';
import type { InstanceHandlers } from './instance-queue';

/**
 * A store or device that can no longer stream ends its open streams on this replica, each with a
 * last `stream-ended` event, instead of keeping them (and store-wide announcements) until the
 * 30-minute close: the ticket was checked only at connect. Ids are organization's (lower-case
 * UUIDs, as the tickets' store and device ids).
 */
export const onStoreSuspended =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['organization.store.suspended']>): void =>
    hub.endStreams({ storeId: data.storeId, deviceId: null }, 'STORE_SUSPENDED');

export const onStoreClosed =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['organization.store.closed']>): void =>
    hub.endStreams({ storeId: data.storeId, deviceId: null }, 'STORE_CLOSED');

/** Also one per store of a deleted HQ (reason HQ_DELETED): its devices go with it, without device.revoked events. */
export const onStoreDeleted =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['organization.store.deleted']>): void =>
    hub.endStreams({ storeId: data.storeId, deviceId: null }, 'STORE_DELETED');

/** Only the streams opened with a ticket for that device: the store's other streams stay. */
export const onDeviceRevoked =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['organization.device.revoked']>): void =>
    hub.endStreams({ storeId: data.storeId, deviceId: data.deviceId }, 'DEVICE_REVOKED');

/** Organization events that end streams of this replica. */
export const organizationHandlers = (hub: ConnectionHub): InstanceHandlers => ({
  'organization.store.suspended': onStoreSuspended(hub),
  'organization.store.closed': onStoreClosed(hub),
  'organization.store.deleted': onStoreDeleted(hub),
  'organization.device.revoked': onDeviceRevoked(hub),
});
