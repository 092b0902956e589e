import { badRequest, readUpload } from '@storecast/service-kit';
import { ATTACHMENT_MAX_BYTES } from '../domain/attachment';

/**
 * The multipart reader of every attachment upload route (part `file`, optional field
 * `commentId`): the 10 MB limit is enforced while the bytes arrive, and every malformed body is
 * the spec's 400 TICKET_ATTACHMENT_INVALID_FIELD. The same contract serves uploads forwarded by
 * the gateway's upload-ticket endpoint (TICKET_ATTACHMENT_* purposes).
 */
export const readAttachmentUpload = readUpload({
  field: 'file',
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLarge: () => badRequest('TICKET_ATTACHMENT_INVALID_FIELD', `The file is larger than ${ATTACHMENT_MAX_BYTES} bytes`),
  invalid: (reason) => badRequest('TICKET_ATTACHMENT_INVALID_FIELD', reason),
  maxFields: 5,
  maxFieldBytes: 256,
});

/** The optional commentId form field: a UUID or absent (anything else is 400 TICKET_ATTACHMENT_INVALID_FIELD). */
export const commentIdField = (fields: Record<string, string> | undefined): string | undefined => {
  const value = fields?.commentId;
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw badRequest('TICKET_ATTACHMENT_INVALID_FIELD', 'commentId must be a UUID');
  }
  return value.toLowerCase();
};
