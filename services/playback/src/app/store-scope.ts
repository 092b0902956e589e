import { forbidden, storeScope, type Principal } from '@storecast/service-kit';
import type { PlaybackContext, StoreRef } from './ports';

const mismatch = () => forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller is not bound to an existing store');

/**
 * The caller's store, re-verified against organization (spec 03 § Authentication): a token bound
 * to no store, a store organization does not know, or one of another HQ than the token's is 403
 * PRINCIPAL_SCOPE_MISMATCH.
 */
export const callerStore = async (ctx: PlaybackContext, principal: Principal): Promise<StoreRef> => {
  const storeId = storeScope(principal);
  const store = await ctx.organization.getStore(storeId);
  if (!store || (principal.hqId && principal.hqId !== store.hqId)) throw mismatch();
  return store;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reported device when it is a valid (registered, not revoked) device of the store, else null:
 * a wrong deviceId silently falls back to store level (spec 03 § Errors).
 */
export const validDevice = async (ctx: PlaybackContext, storeId: string, deviceId: string | null | undefined): Promise<string | null> => {
  if (!deviceId || !UUID.test(deviceId)) return null;
  const id = deviceId.toLowerCase();
  return (await ctx.organization.isValidDevice(storeId, id)) ? id : null;
};
