import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import { cancelScheduledLegalDocument } from '../app/cancel-scheduled-legal-document.use-case';
import type { LegalContext } from '../app/ports';
import { publishLegalDocument } from '../app/publish-legal-document.use-case';
import { getCurrentLegalDocument, getLegalDocument, listLegalDocumentHistory } from '../app/read-legal-documents.use-case';
import { notPublishedCode, type DocumentKind } from '../domain/legal-document';
import {
  LegalDocumentHistoryResponse,
  LegalDocumentPublishRequest,
  LegalDocumentResponse,
  toHistoryItem,
  toLegalDocumentResponse,
} from './legal-documents.schemas';

/** The two kinds: paths /api/v1/admin/<segment>, /api/v1/<segment>/active; operationIds name the kind. */
const KINDS: Array<{ kind: DocumentKind; segment: string; name: string; label: string }> = [
  { kind: 'TERMS', segment: 'terms', name: 'Terms', label: 'terms' },
  { kind: 'PRIVACY_POLICY', segment: 'privacy-policy', name: 'PrivacyPolicy', label: 'privacy policy' },
];

const tags = ['Legal documents'];
const operator = { roles: ['OPERATOR'] } as const;

export const legalDocumentsRouter = (api: ServiceApi, ctx: LegalContext): Router => {
  const router = api.router();
  for (const { kind, segment, name, label } of KINDS) {
    const admin = `/api/v1/admin/${segment}`;

    api.define(router, {
      method: 'post',
      path: admin,
      operationId: `publish${name}`,
      summary: `Publish a ${label} version (ACTIVE now or SCHEDULED)`,
      tags,
      auth: operator,
      body: LegalDocumentPublishRequest,
      response: { status: 200, description: 'The published document', schema: LegalDocumentResponse },
      errors: {
        400: ['LEGAL_DOC_INVALID_EFFECTIVE_AT'],
        409: ['LEGAL_DOC_DUPLICATE_VERSION', 'LEGAL_DOC_ACTIVATION_CONFLICT'],
        413: ['PAYLOAD_TOO_LARGE'],
      },
      handler: async ({ body, principal }) =>
        toLegalDocumentResponse(
          await publishLegalDocument(ctx, {
            kind,
            version: body.version,
            content: body.content,
            effectiveAt: body.effectiveAt ? new Date(body.effectiveAt) : null,
            actor: principal,
          }),
        ),
    });

    api.define(router, {
      method: 'get',
      path: admin,
      operationId: `list${name}Versions`,
      summary: `History of ${label} versions (effectiveAt desc, id desc; stored status snapshots; no content)`,
      tags,
      auth: operator,
      response: { status: 200, description: 'History', schema: LegalDocumentHistoryResponse },
      handler: async () => ({ items: (await listLegalDocumentHistory(ctx, kind)).map(toHistoryItem) }),
    });

    api.define(router, {
      method: 'get',
      path: `${admin}/{id}`,
      operationId: `get${name}Version`,
      summary: `One ${label} version with content (stored status snapshot)`,
      tags,
      auth: operator,
      response: { status: 200, description: 'The document', schema: LegalDocumentResponse },
      errors: { 404: ['LEGAL_DOC_NOT_FOUND'] },
      handler: async ({ params }) => toLegalDocumentResponse(await getLegalDocument(ctx, kind, params.id)),
    });

    api.define(router, {
      method: 'delete',
      path: `${admin}/{id}`,
      operationId: `cancelScheduled${name}`,
      summary: `Cancel a scheduled ${label} version (hard delete while its time is ahead)`,
      tags,
      auth: operator,
      response: { status: 204, description: 'Canceled' },
      errors: { 404: ['LEGAL_DOC_NOT_FOUND'], 409: ['LEGAL_DOC_NOT_SCHEDULED'] },
      handler: async ({ params, principal }) => {
        await cancelScheduledLegalDocument(ctx, kind, params.id, principal);
      },
    });

    api.define(router, {
      method: 'get',
      path: `/api/v1/${segment}/active`,
      operationId: `getActive${name}`,
      summary: `The ${label} in effect now (public; status always ACTIVE)`,
      tags,
      auth: 'public',
      response: { status: 200, description: 'The current document', schema: LegalDocumentResponse },
      errors: { 404: [notPublishedCode(kind)] },
      handler: async () => toLegalDocumentResponse(await getCurrentLegalDocument(ctx, kind), 'ACTIVE'),
    });
  }
  return router;
};
