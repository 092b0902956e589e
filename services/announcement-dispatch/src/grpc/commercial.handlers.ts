import { unaryHandler, type Logger } from '@storecast/service-kit';
import type { CommercialServiceHandlers } from '@storecast/proto';
import { activeCommercialsOf } from '../app/commercials.use-case';
import type { AppContext } from '../app/ports';

/** CommercialService (proto/storecast/dispatch/v1/commercials.proto): playback's commercial round-robin. */
export const commercialHandlers = (ctx: AppContext, logger: Logger): CommercialServiceHandlers => ({
  ListActiveCommercialSongs: unaryHandler(async (req) => ({
    songs: (await activeCommercialsOf(ctx, req.hqId)).map((v) => ({ id: v.row.id, title: v.row.title, durationSeconds: v.row.durationSeconds, audioUrl: v.audioUrl })),
  }), logger),
});
