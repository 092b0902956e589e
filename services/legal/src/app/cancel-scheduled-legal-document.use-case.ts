import { conflict, notFound, writeAudit, type Principal } from '@storecast/service-kit';
import { deleteDocument, findDocumentById, lockKind } from '../db/legal-document.repository';
import { cancelAuditAction, decideCancel, type DocumentKind } from '../domain/legal-document';
import type { LegalContext } from './ports';

/**
 * Cancels a scheduled version: hard delete, only while its effective time is in the future
 * (409 LEGAL_DOC_NOT_SCHEDULED otherwise), with the audit row in the same transaction.
 */
export const cancelScheduledLegalDocument = async (ctx: LegalContext, kind: DocumentKind, id: string, actor: Principal): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    await lockKind(tx, kind);
    const doc = await findDocumentById(tx, kind, id);
    if (!doc) throw notFound('LEGAL_DOC_NOT_FOUND', 'Legal document not found');
    const now = ctx.clock.now();
    if (decideCancel(doc, now).outcome === 'NOT_SCHEDULED') {
      throw conflict('LEGAL_DOC_NOT_SCHEDULED', 'Only a scheduled document whose effective time is still ahead can be canceled');
    }
    await deleteDocument(tx, doc.id);
    await writeAudit(
      tx,
      actor,
      {
        action: cancelAuditAction(kind),
        targetType: 'LEGAL_DOCUMENT',
        targetId: doc.id,
        targetLabel: doc.version,
        detail: { kind, version: doc.version, effectiveAt: doc.effectiveAt.toISOString(), publishedAt: doc.publishedAt.toISOString() },
      },
      ctx.clock,
    );
  });
};
