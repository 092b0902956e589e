import type { DomainEventMap } from '@storecast/proto';
import type { EventEnvelope } from '@storecast/service-kit';
import type { ConnectionHub } from '../app/connection-hub';
import { announcementEvent, revokedEvent, STREAM_EVENT } from '../app/stream-events';
import type { InstanceHandlers } from './instance-queue';

export const onDispatchPending =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['dispatch.dispatch.pending']>): void =>
    hub.publish({ storeId: data.storeId, deviceId: data.deviceId }, STREAM_EVENT.announcement, announcementEvent(data));

export const onDispatchRevoked =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['dispatch.dispatch.revoked']>): void =>
    hub.publish({ storeId: data.storeId, deviceId: data.deviceId }, STREAM_EVENT.revoked, revokedEvent(data));

/** Dispatch events of every store, into this replica's open streams. */
export const dispatchHandlers = (hub: ConnectionHub): InstanceHandlers => ({
  'dispatch.dispatch.pending': onDispatchPending(hub),
  'dispatch.dispatch.revoked': onDispatchRevoked(hub),
});
