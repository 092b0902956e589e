import { enqueueEvent, type Clock } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { Tx } from './context';

/** Typed outbox write: the routing key must be in proto/src/events.ts DomainEventMap. */
export const emit = <K extends keyof DomainEventMap>(tx: Tx, clock: Clock, type: K, data: DomainEventMap[K]): Promise<string> =>
  enqueueEvent(tx, type, data, clock);
