// Ticket attachments (spec 02 § Limits): at most 10 MB per file, 5 per ticket, five MIME types,
// the type decided by the file's signature, never by its name or declared type.

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_TICKET = 5;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export type AttachmentCheck =
  | { ok: true; contentType: AttachmentType }
  | { ok: false; problem: 'EMPTY' | 'TOO_LARGE' | 'UNSUPPORTED_TYPE' };

/** Size first (an empty file has no signature), then the sniffed type. */
export const checkAttachment = (sizeBytes: number, sniffedMime: string | undefined): AttachmentCheck => {
  if (sizeBytes <= 0) return { ok: false, problem: 'EMPTY' };
  if (sizeBytes > ATTACHMENT_MAX_BYTES) return { ok: false, problem: 'TOO_LARGE' };
  const type = ATTACHMENT_TYPES.find((t) => t === sniffedMime);
  return type ? { ok: true, contentType: type } : { ok: false, problem: 'UNSUPPORTED_TYPE' };
};

/** Whether one more attachment fits on a ticket that has `existing` already. */
export const attachmentFits = (existing: number): boolean => existing < ATTACHMENTS_PER_TICKET;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The file name kept and offered on download: the client's base name without path parts or
 * control characters, at most 255 characters; a fallback from the type when nothing is left.
 */
export const cleanFileName = (original: string, contentType: AttachmentType): string => {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch !== '\u007f')
    .join('')
    .replace(LONE_SURROGATE, '\uFFFD')
    .trim()
    .slice(0, 255)
    .replace(LONE_SURROGATE, '');
  if (cleaned && cleaned !== '.' && cleaned !== '..') return cleaned;
  const ext = contentType === 'application/pdf' ? 'pdf' : contentType.split('/')[1];
  return `attachment.${ext}`;
};
