import { unaryHandler, type Logger } from '@storecast/service-kit';
import type { StoreDeviceBatchServiceHandlers } from '@storecast/proto';
import type { AppContext } from '../app/context';
import { queryDevicesOfStores } from '../app/org-queries.use-case';

/** StoreDeviceBatchService: devices of several stores of one HQ, revoked ones flagged (playback's HQ board). */
export const storeDeviceBatchHandlers = (ctx: AppContext, logger: Logger): StoreDeviceBatchServiceHandlers => ({
  ListDevicesOfStores: unaryHandler(
    async (req) => ({
      devices: (await queryDevicesOfStores(ctx, req.hqId, req.storeIds)).map((d) => ({ storeId: d.storeId, deviceId: d.id, label: d.label, revoked: d.revokedAt !== null })),
    }),
    logger,
  ),
});
