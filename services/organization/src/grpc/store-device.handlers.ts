import { unaryHandler, type Logger } from '@storecast/service-kit';
import type { StoreDeviceServiceHandlers } from '@storecast/proto';
import type { AppContext } from '../app/context';
import { queryStoreDevices } from '../app/org-queries.use-case';

/** StoreDeviceService: the active devices of a store, oldest first (an unknown store has none). */
export const storeDeviceHandlers = (ctx: AppContext, logger: Logger): StoreDeviceServiceHandlers => ({
  ListStoreDevices: unaryHandler(async (req) => ({ devices: (await queryStoreDevices(ctx, req.storeId)).map((d) => ({ deviceId: d.id, label: d.label })) }), logger),
});
