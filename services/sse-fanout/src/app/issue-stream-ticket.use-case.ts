import { isUuid, type Principal } from '@storecast/service-kit';
import type { AppContext } from './context';

export const STREAM_PATH = '/api/v1/store/announcements/stream';

/** The complete stream URL on the public base URL (a path prefix of the base is kept). */
export const streamUrlOf = (publicBaseUrl: string, ticket: string): string => {
  const url = new URL(publicBaseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${STREAM_PATH}`;
  url.search = new URLSearchParams({ ticket }).toString();
  url.hash = '';
  return url.toString();
};

export interface IssuedStreamTicket {
  ticket: string;
  streamUrl: string;
  expiresInSeconds: number;
}

/**
 * A signed stream ticket for the caller's store (spec 03 § Authentication): kind `stream`, so an
 * upload ticket never opens a stream and a stream ticket never uploads. A deviceId that is a
 * device id (UUID) binds the stream to that device; anything else falls back to a store-level
 * stream, as on the other store delivery paths.
 */
export const issueStreamTicket = (ctx: AppContext, principal: Principal, storeId: string, deviceId: string | undefined): IssuedStreamTicket => {
  const device = deviceId !== undefined && isUuid(deviceId) ? deviceId.toLowerCase() : undefined;
  const { ticket } = ctx.tickets.issue(
    'stream',
    { sub: principal.accountId, role: principal.role, hqId: principal.hqId, storeId, ...(device ? { deviceId: device } : {}) },
    ctx.ticketTtlSeconds,
  );
  return { ticket, streamUrl: streamUrlOf(ctx.publicBaseUrl, ticket), expiresInSeconds: ctx.ticketTtlSeconds };
};
