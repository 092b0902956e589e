import { unaryHandler, type Logger } from '@storecast/service-kit';
import type { OrganizationServiceHandlers } from '@storecast/proto';
import type { HqRow, StoreRow } from '../db/schema';
import type { AppContext } from '../app/context';
import {
  queryDevice,
  queryEffectiveSettings,
  queryHq,
  querySignInStatus,
  queryStore,
  queryStoresOfHq,
} from '../app/org-queries.use-case';
import { effectivePlan } from '../domain/effective-settings';

const hqMessage = (hq: HqRow) => ({
  id: hq.id,
  name: hq.name,
  type: hq.type,
  plan: hq.plan ?? undefined,
  status: hq.status,
  businessNumber: hq.businessNumber ?? undefined,
});

const storeMessage = (store: StoreRow, hq: HqRow) => ({
  id: store.id,
  hqId: store.hqId,
  name: store.name,
  type: store.type,
  status: store.status,
  region: store.region ?? undefined,
  closedAt: store.closedAt?.toISOString(),
  plan: effectivePlan(store.plan, hq.plan) ?? undefined,
  address: store.address ?? undefined,
  createdAt: store.createdAt.toISOString(),
});

/** OrganizationService: thin adapters over the query use cases; errors carry the spec codes. */
export const organizationHandlers = (ctx: AppContext, logger: Logger): OrganizationServiceHandlers => ({
  GetHq: unaryHandler(async (req) => hqMessage(await queryHq(ctx, req.hqId)), logger),
  GetStore: unaryHandler(async (req) => {
    const { store, hq } = await queryStore(ctx, req.storeId, req.hqId || undefined);
    return storeMessage(store, hq);
  }, logger),
  ListStoresOfHq: unaryHandler(async (req) => {
    const rows = await queryStoresOfHq(ctx, { hqId: req.hqId, storeIds: req.storeIds, region: req.region, includeClosed: req.includeClosed });
    return { stores: rows.map((r) => storeMessage(r.store, r.hq)) };
  }, logger),
  GetDevice: unaryHandler(async (req) => {
    const device = await queryDevice(ctx, req.storeId, req.deviceId);
    return device ? { valid: true, deviceId: device.id, label: device.label } : { valid: false };
  }, logger),
  GetEffectiveStoreSettings: unaryHandler(async (req) => {
    const { store, hq, settings } = await queryEffectiveSettings(ctx, req.storeId);
    return {
      storeId: store.id,
      hqId: hq.id,
      hqCommercialCycleSongs: settings.hqCommercialCycleSongs,
      commercialCycleSongs: settings.commercialCycleSongs,
      duckEnabled: settings.duckEnabled,
      duckVolumePercent: settings.duckVolumePercent,
      duckFadeMs: settings.duckFadeMs,
      plan: settings.plan ?? undefined,
    };
  }, logger),
  GetSignInStatus: unaryHandler(async (req) => {
    const { hq, store } = await querySignInStatus(ctx, { hqId: req.hqId || undefined, storeId: req.storeId || undefined });
    return {
      hqFound: hq !== undefined,
      hqStatus: hq?.status,
      hqType: hq?.type,
      hqName: hq?.name,
      storeFound: store !== undefined,
      storeStatus: store?.status,
      storeClosed: store?.closedAt != null,
    };
  }, logger),
});
