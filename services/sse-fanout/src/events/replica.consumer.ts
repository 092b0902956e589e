import type { Broker, Logger } from '@storecast/service-kit';
import type { ConnectionHub } from '../app/connection-hub';
import { dispatchHandlers } from './dispatch.consumer';
import { subscribeInstanceQueue } from './instance-queue';
import { organizationHandlers } from './organization.consumer';

/**
 * This replica's ONE instance queue, for every event that reaches its open streams: dispatch
 * events (announcements, remote stops) and organization events (a store suspended, closed or
 * deleted, a device revoked: their streams end). One queue, one consumer and one bookkeeping per
 * replica whatever the number of keys; each key is one more binding.
 */
export const startReplicaConsumer = (deps: { broker: Broker; logger: Logger; hub: ConnectionHub }): Promise<void> =>
  subscribeInstanceQueue({
    broker: deps.broker,
    logger: deps.logger,
    queue: 'sse-fanout.streams',
    handlers: { ...dispatchHandlers(deps.hub), ...organizationHandlers(deps.hub) },
  });
