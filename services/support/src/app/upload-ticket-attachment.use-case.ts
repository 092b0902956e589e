import { badRequest, conflict, newId, serviceUnavailable, sniffFileType, writeAudit, type Principal, type UploadedFile } from '@storecast/service-kit';
import { findComment, insertAttachment } from '../db/ticket.repository';
import { attachmentFits, checkAttachment, cleanFileName, ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_TICKET } from '../domain/attachment';
import type { CommentKind } from '../domain/ticket';
import { attachmentVisibilityOf, commentVisibleIn, type Channel } from '../domain/visibility';
import { auditTarget, requireTicket, scopeOf } from './ticket-access';
import { attachmentView, type AttachmentView } from './ticket-views';
import type { SupportContext } from './ports';

export const invalidAttachment = (message: string) => badRequest('TICKET_ATTACHMENT_INVALID_FIELD', message);
const limitExceeded = () => conflict('TICKET_ATTACHMENT_LIMIT_EXCEEDED', `A ticket holds at most ${ATTACHMENTS_PER_TICKET} attachments`);

/**
 * Attaches a file to a ticket the caller may reach, optionally to one of its comments the caller
 * can see (else 400 TICKET_ATTACHMENT_INVALID_FIELD). Empty or over 10 MB → 400
 * TICKET_ATTACHMENT_INVALID_FIELD; a signature outside png/jpeg/gif/webp/pdf → 400
 * TICKET_ATTACHMENT_UNSUPPORTED_TYPE; a sixth file → 409 TICKET_ATTACHMENT_LIMIT_EXCEEDED
 * (checked again under the ticket's row lock, so concurrent uploads cannot pass 5). Visibility
 * is the server's: INTERNAL for an INTERNAL comment's file, SHARED otherwise. The file goes to
 * object storage first; the row, the counter and the audit (STORE_TICKET_ATTACHMENT_ADDED or
 * TICKET_ATTACHMENT_ADDED) are one transaction, and a refused row removes the stored file.
 */
export const uploadTicketAttachment = async (
  ctx: SupportContext,
  principal: Principal,
  channel: Channel,
  ticketId: string,
  input: { file: UploadedFile | undefined; commentId: string | undefined },
): Promise<AttachmentView> => {
  const scope = scopeOf(channel, principal);
  const ticket = await requireTicket(ctx.db, scope, ticketId);
  const { file } = input;
  if (!file) throw invalidAttachment('The multipart part "file" is required');
  const checked = checkAttachment(file.size, file.size > 0 ? (await sniffFileType(file.buffer))?.mime : undefined);
  if (!checked.ok) {
    if (checked.problem === 'EMPTY') throw invalidAttachment('The file is empty');
    if (checked.problem === 'TOO_LARGE') throw invalidAttachment(`The file is larger than ${ATTACHMENT_MAX_BYTES} bytes`);
    throw badRequest('TICKET_ATTACHMENT_UNSUPPORTED_TYPE', 'Attachments are PNG, JPEG, GIF, WebP or PDF files');
  }
  let commentKind: CommentKind | null = null;
  if (input.commentId) {
    const comment = await findComment(ctx.db, ticket.id, input.commentId);
    if (!comment || !commentVisibleIn(channel, comment.kind as CommentKind)) throw invalidAttachment('commentId does not name a comment of this ticket');
    commentKind = comment.kind as CommentKind;
  }
  if (!attachmentFits(ticket.attachmentCount)) throw limitExceeded();

  const id = newId();
  const storageKey = `tickets/${ticket.id}/${id}`;
  try {
    await ctx.storage.put(storageKey, file.buffer, checked.contentType, file.size);
  } catch (err) {
    throw serviceUnavailable('Attachment storage is unavailable', err);
  }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const locked = await requireTicket(tx, scope, ticket.id, true);
      if (!attachmentFits(locked.attachmentCount)) throw limitExceeded();
      const inserted = await insertAttachment(tx, {
        id,
        ticketId: ticket.id,
        commentId: input.commentId ?? null,
        visibility: attachmentVisibilityOf(commentKind ? { kind: commentKind } : null),
        fileName: cleanFileName(file.originalName, checked.contentType),
        contentType: checked.contentType,
        sizeBytes: file.size,
        storageKey,
        uploadedByAccountId: principal.accountId,
        uploadedByRole: principal.role,
        createdAt: ctx.clock.now(),
      });
      await writeAudit(
        tx,
        principal,
        {
          action: channel === 'store' ? 'STORE_TICKET_ATTACHMENT_ADDED' : 'TICKET_ATTACHMENT_ADDED',
          ...auditTarget(locked),
          detail: { attachmentId: id, fileName: inserted.fileName, sizeBytes: file.size, contentType: checked.contentType, visibility: inserted.visibility },
        },
        ctx.clock,
      );
      return inserted;
    });
    return attachmentView(ctx.storage, row);
  } catch (err) {
    await ctx.storage.delete(storageKey).catch((cause: unknown) => ctx.logger.warn({ err: cause, storageKey }, 'orphan attachment file not removed'));
    throw err;
  }
};
