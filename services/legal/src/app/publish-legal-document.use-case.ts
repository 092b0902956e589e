import { badRequest, conflict, emit, isUniqueViolation, newId, writeAudit, type Principal } from '@storecast/service-kit';
import {
  insertDocument,
  listEffectiveNotSuperseded,
  lockKind,
  markSuperseded,
  versionExists,
} from '../db/legal-document.repository';
import type { LegalDocumentRow } from '../db/schema';
import { decidePublication, publishAuditAction, supersededBy, type DocumentKind } from '../domain/legal-document';
import type { LegalContext } from './ports';

export interface PublishInput {
  kind: DocumentKind;
  version: string;
  content: string;
  effectiveAt: Date | null;
  /** The operator, from the token (audit actor and publishedBy). */
  actor: Principal;
}

/**
 * Publishes a version (spec 02 § Legal document status): ACTIVE now (superseding the document in
 * effect) or SCHEDULED for later. Runs under the per-kind lock, so parallel publishes are
 * serialized: each supersedes the one before it and exactly one ACTIVE snapshot remains.
 * The outbox event and the audit row commit with the document.
 */
export const publishLegalDocument = async (ctx: LegalContext, input: PublishInput): Promise<LegalDocumentRow> => {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockKind(tx, input.kind);
      // Time and id are taken under the lock: a later publication sorts after an earlier one.
      const now = ctx.clock.now();
      const decision = decidePublication(input.effectiveAt, now);
      if (decision.outcome === 'REJECTED_PAST') {
        throw badRequest('LEGAL_DOC_INVALID_EFFECTIVE_AT', 'effectiveAt is more than 60 seconds in the past', {
          fields: { effectiveAt: input.effectiveAt?.toISOString() ?? '' },
        });
      }
      if (await versionExists(tx, input.kind, input.version)) {
        throw conflict('LEGAL_DOC_DUPLICATE_VERSION', 'This version is already published');
      }
      if (decision.outcome === 'ACTIVE') {
        const effective = await listEffectiveNotSuperseded(tx, input.kind, now);
        await markSuperseded(tx, supersededBy(effective, now).map((d) => d.id));
      }
      const doc = await insertDocument(tx, {
        id: newId(),
        kind: input.kind,
        version: input.version,
        content: input.content,
        status: decision.outcome,
        publishedAt: now,
        effectiveAt: decision.effectiveAt,
        publishedBy: input.actor.accountId,
      });
      await emit(
        tx,
        { type: 'legal.document.published', data: { kind: doc.kind, version: doc.version, effectiveAt: doc.effectiveAt.toISOString() } },
        ctx.clock,
      );
      await writeAudit(
        tx,
        input.actor,
        {
          action: publishAuditAction(input.kind),
          targetType: 'LEGAL_DOCUMENT',
          targetId: doc.id,
          targetLabel: doc.version,
          detail: { kind: doc.kind, version: doc.version, status: doc.status, effectiveAt: doc.effectiveAt.toISOString() },
        },
        ctx.clock,
      );
      return doc;
    });
  } catch (err) {
    // The lock makes these unreachable between publishers of this service; the constraints
    // still decide if anything else writes concurrently.
    if (isUniqueViolation(err, 'legal_documents_kind_version_uq')) {
      throw conflict('LEGAL_DOC_DUPLICATE_VERSION', 'This version is already published', { cause: err });
    }
    if (isUniqueViolation(err, 'legal_documents_one_active_uq')) {
      throw conflict('LEGAL_DOC_ACTIVATION_CONFLICT', 'Another publication activated a document at the same time', { cause: err });
    }
    throw err;
  }
};
