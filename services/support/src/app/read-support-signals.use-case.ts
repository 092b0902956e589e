import { hqScope, storeScope, type Principal } from '@storecast/service-kit';
import { latestHandlerReplyToStore, storeSupportSignalOfHq } from '../db/ticket.repository';
import type { SupportContext } from './ports';

/**
 * The store's unread signal: when its tickets last got a reply from the people handling them
 * (operators, or its HQ). The client compares it with the last time it looked.
 */
export const readStoreSupportSignal = async (ctx: SupportContext, principal: Principal): Promise<{ latestOperatorReplyAt: Date | null }> => {
  return { latestOperatorReplyAt: await latestHandlerReplyToStore(ctx.db, storeScope(principal)) };
};

/** The HQ's signal about its stores' tickets: open work, and the stores' newest ticket or comment. */
export const readHqStoreSupportSignal = async (
  ctx: SupportContext,
  principal: Principal,
): Promise<{ openOrInProgressCount: number; latestStoreActivityAt: Date | null }> => {
  const signal = await storeSupportSignalOfHq(ctx.db, hqScope(principal));
  return { openOrInProgressCount: signal.openOrInProgress, latestStoreActivityAt: signal.latestStoreActivityAt };
};
