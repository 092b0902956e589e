import { z } from 'zod';

export const StreamTicketQuerySchema = z.object({
  deviceId: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'The player\'s device id: the stream then also gets dispatches addressed to that device. Anything that is not a device id means a store-level stream.' }),
});

/** spec 03 § Store delivery: StreamTicketResponse. */
export const StreamTicketResponseSchema = z.object({
  ticket: z.string(),
  streamUrl: z.url().openapi({ description: 'Complete absolute URL of the stream, ticket included' }),
  expiresInSeconds: z.number().int().positive(),
});

export const StreamQuerySchema = z.object({
  ticket: z.string().optional().openapi({ description: 'A stream ticket from POST /api/v1/store/announcements/stream-ticket' }),
});
