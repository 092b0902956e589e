import { UPLOAD_PURPOSES, uuidSchema } from '@storecast/service-kit/edge';
import { z } from 'zod';

export const UploadTicketRequestSchema = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES),
    /** The music (MUSIC_REPLACE), commercial song (COMMERCIAL_REPLACE) or support ticket (TICKET_ATTACHMENT_*) the upload writes. */
    targetId: uuidSchema().optional(),
  })
  .openapi('UploadTicketRequest');

export const UploadTicketResponseSchema = z
  .object({
    /** The credential of POST /api/v1/uploads/files (header X-Upload-Ticket). */
    ticket: z.string(),
    /** Absolute URL of POST /api/v1/uploads/files. */
    uploadUrl: z.url(),
    expiresInSeconds: z.number().int().positive(),
  })
  .openapi('UploadTicketResponse');

export type UploadTicketResponse = z.output<typeof UploadTicketResponseSchema>;
