import { consumeEvents, type Broker, type DbExecutor, type EventEnvelope, type Logger } from '@storecast/service-kit';
import type { DomainEventMap } from '@storecast/proto';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { clearCommercialCursors } from '../app/clear-commercial-cursors.use-case';
import type { PlaybackSchema } from '../db/schema';

/** A commercial song was deleted for good (announcement-dispatch, once issue 14 lands). */
const onCommercialPurged = (logger: Logger) => (event: EventEnvelope<DomainEventMap['dispatch.commercial.purged']>, tx: DbExecutor) =>
  clearCommercialCursors(tx, logger, event.data.commercialId);

/** A music was purged by catalog-search: a cursor on it, if any, is cleared as well. */
const onMusicPurged = (logger: Logger) => (event: EventEnvelope<DomainEventMap['catalog.music.purged']>, tx: DbExecutor) =>
  clearCommercialCursors(tx, logger, event.data.musicId);

/** Clears the per-store commercial cursors on songs deleted for good. */
export const startCommercialCursorConsumer = (deps: { broker: Broker; db: NodePgDatabase<PlaybackSchema>; logger: Logger }) =>
  consumeEvents({
    broker: deps.broker,
    db: deps.db,
    logger: deps.logger,
    queue: 'playback.commercial-cursors',
    handlers: {
      'dispatch.commercial.purged': onCommercialPurged(deps.logger),
      'catalog.music.purged': onMusicPurged(deps.logger),
    },
  });
