// The stored shapes use cases hand to the transport: http/ reads them from here, never from db/.
export type { DeviceRow, HqRow, StoreRow } from '../db/schema';
