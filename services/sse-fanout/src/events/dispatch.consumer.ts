import type { DomainEventMap } from '@storecast/proto';
import type { Broker, EventEnvelope, Logger } from '@storecast/service-kit';
import type { ConnectionHub } from '../app/connection-hub';
import { announcementEvent, revokedEvent, STREAM_EVENT } from '../app/stream-events';
import { subscribeInstanceQueue } from './instance-queue';

export const onDispatchPending =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['dispatch.dispatch.pending']>): void =>
    hub.publish({ storeId: data.storeId, deviceId: data.deviceId }, STREAM_EVENT.announcement, announcementEvent(data));

export const onDispatchRevoked =
  (hub: ConnectionHub) =>
  ({ data }: EventEnvelope<DomainEventMap['dispatch.dispatch.revoked']>): void =>
    hub.publish({ storeId: data.storeId, deviceId: data.deviceId }, STREAM_EVENT.revoked, revokedEvent(data));

/** Dispatch events of every store, into this replica's open streams. */
export const startDispatchConsumer = (deps: { broker: Broker; logger: Logger; hub: ConnectionHub }): Promise<void> =>
  subscribeInstanceQueue({
    broker: deps.broker,
    logger: deps.logger,
    queue: 'sse-fanout.dispatch',
    handlers: {
      'dispatch.dispatch.pending': onDispatchPending(deps.hub),
      'dispatch.dispatch.revoked': onDispatchRevoked(deps.hub),
    },
  });
