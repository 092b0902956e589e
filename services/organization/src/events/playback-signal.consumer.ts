import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope, type Logger } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import { recordStoreSignal } from '../db/store.repository';
import type { OrgDb } from '../app/context';

/** Fills the store's lastOnlineAt / lastHeartbeatAt from playback's (throttled) player signals. */
const onPlaybackSignal = (logger: Logger) => async (event: EventEnvelope<DomainEventMap['playback.store.signal']>, tx: DbExecutor) => {
  const at = new Date(event.data.signaledAt);
  if (Number.isNaN(at.getTime())) return;
  const n = await recordStoreSignal(tx, event.data.storeId, at);
  if (n === 0) logger.debug({ storeId: event.data.storeId }, 'signal for a store we do not have');
};

export const startPlaybackSignalConsumer = (deps: { broker: Broker; db: OrgDb; logger: Logger }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.db,
    logger: deps.logger,
    queue: 'organization.playback-signals',
    handlers: { 'playback.store.signal': onPlaybackSignal(deps.logger) },
  });
