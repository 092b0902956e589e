import { uploadTicketEnv } from '@storecast/service-kit/edge';
import { z } from 'zod';

/**
 * The gateway's upload-ticket variables (spread into config.ts). UPLOAD_TICKET_SECRET is the kit's
 * (the same value the target services read): unset → both upload endpoints answer 503
 * UPLOAD_NOT_CONFIGURED (spec 02 § Errors).
 */
export const uploadEnv = {
  ...uploadTicketEnv,
  /** Lifetime of an upload ticket (spec 02: 10 minutes by default). */
  UPLOAD_TICKET_TTL_SECONDS: z.coerce.number().int().min(10).max(24 * 3600).default(600),
  /**
   * The public origin clients reach the gateway at (https://api.example.com, or with a path
   * prefix): `uploadUrl` is built on it. Unset: the origin of the ticket request itself (its
   * protocol and Host, as TRUST_PROXY lets express read them).
   */
  PUBLIC_BASE_URL: z.url().optional(),
};
