import { errorResponses, type OpenAPIRegistry } from '@storecast/service-kit/edge';
import { z } from 'zod';
import { UPLOAD_FILES_PATH, UPLOAD_TICKETS_PATH } from './upload-endpoints';
import { PURPOSES_BY_ROLE, UPLOAD_TARGETS } from './upload-purposes';
import { UploadTicketRequestSchema, UploadTicketResponseSchema } from './upload-ticket.schemas';

const targets = Object.entries(UPLOAD_TARGETS)
  .map(([purpose, t]) => `${purpose} → ${t ? `${t.method} ${t.path(`{${t.needsTarget ? 'targetId' : ''}}`).replace('/{}', '')}` : 'not available yet (503)'}`)
  .join('; ');
const roles = Object.entries(PURPOSES_BY_ROLE)
  .map(([role, purposes]) => `${role}: ${purposes.join(', ')}`)
  .join('; ');

/** The gateway's two upload endpoints in its own part of /v3/api-docs. */
export const registerUploadPaths = (registry: OpenAPIRegistry): void => {
  // The same definition the kit registers for service routes accepting tickets, so the merge shares it.
  registry.registerComponent('securitySchemes', 'uploadTicket', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Upload-Ticket',
    description: 'An upload ticket from POST /api/v1/uploads/tickets, instead of a bearer token, on the routes that name its purpose',
  });
  registry.registerPath({
    method: 'post',
    path: UPLOAD_TICKETS_PATH,
    operationId: 'issueUploadTicket',
    tags: ['uploads'],
    summary: 'Issue a short-lived upload ticket (10 minutes by default) for one purpose',
    description: `Purposes by role (else 403 UPLOAD_PURPOSE_FORBIDDEN): ${roles}. targetId is required for MUSIC_REPLACE (the music id), COMMERCIAL_REPLACE (the commercial song id) and TICKET_ATTACHMENT_* (the support ticket id), refused otherwise. The target service checks the caller's access to the target when the file arrives.`,
    security: [{ bearerAuth: [] }],
    request: { body: { required: true, content: { 'application/json': { schema: UploadTicketRequestSchema } } } },
    responses: {
      200: { description: 'The ticket and where to send the file', content: { 'application/json': { schema: UploadTicketResponseSchema } } },
      ...errorResponses({
        400: ['VALIDATION_FAILED'],
        401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'],
        403: ['UPLOAD_PURPOSE_FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED'],
        413: ['PAYLOAD_TOO_LARGE'],
        503: ['UPLOAD_NOT_CONFIGURED', 'SERVICE_UNAVAILABLE'],
      }),
    },
  });
  registry.registerPath({
    method: 'post',
    path: UPLOAD_FILES_PATH,
    operationId: 'uploadFileWithTicket',
    tags: ['uploads'],
    summary: 'Upload a file with a ticket: same contract as the target multipart endpoint',
    description: `No session: the X-Upload-Ticket header is the credential. The request (multipart body, query string) is forwarded unchanged to the purpose's endpoint, whose answer is returned: ${targets}. 20 calls per minute per IP; attachment purposes also count against TICKET_ATTACHMENT (10 per minute per account). Invalid, expired, forged or stream tickets: 401 UPLOAD_TICKET_INVALID (request a new ticket).`,
    security: [{ uploadTicket: [] }],
    request: {
      headers: z.object({ 'x-upload-ticket': z.string().describe('The ticket from POST /api/v1/uploads/tickets') }),
      body: {
        required: true,
        content: { 'multipart/form-data': { schema: z.object({ file: z.string().openapi({ format: 'binary' }) }).passthrough() } },
      },
    },
    responses: {
      200: { description: "The target endpoint's answer (e.g. replaceMusicFile)" },
      201: { description: "The target endpoint's answer (e.g. uploadMusic, uploadTicketAttachment)" },
      ...errorResponses({
        400: ["the target's codes (MUSIC_INVALID_FIELD, METADATA_PARSE_FAILED, TICKET_ATTACHMENT_INVALID_FIELD, …)"],
        401: ['UPLOAD_TICKET_INVALID'],
        404: ["the target's codes (MUSIC_NOT_FOUND, TICKET_NOT_FOUND)"],
        413: ['PAYLOAD_TOO_LARGE'],
        429: ['RATE_LIMITED'],
        503: ['UPLOAD_NOT_CONFIGURED', 'SERVICE_UNAVAILABLE'],
      }),
    },
  });
};
