import { Router } from 'express';
import { errorResponses, jsonBody, jsonResponse, parseInput, principalOf, type OpenAPIRegistry, type TokenVerifier } from '@storecast/service-kit';
import { publishLegalDocument } from '../app/publish-legal-document.use-case';
import { cancelScheduledLegalDocument } from '../app/cancel-scheduled-legal-document.use-case';
import { getCurrentLegalDocument, getLegalDocument, listLegalDocumentHistory } from '../app/read-legal-documents.use-case';
import type { LegalContext } from '../app/ports';
import type { DocumentKind } from '../domain/legal-document';
import {
  IdParam,
  LegalDocumentHistoryResponse,
  LegalDocumentPublishRequest,
  LegalDocumentResponse,
  toHistoryItem,
  toLegalDocumentResponse,
} from './dto';
import { signedIn } from '@storecast/service-kit';

/** Path segments of the two kinds: /api/v1/admin/<segment> and /api/v1/<segment>/active. */
const KINDS: Array<{ kind: DocumentKind; segment: string; label: string; notPublished: string }> = [
  { kind: 'TERMS', segment: 'terms', label: 'terms', notPublished: 'TERMS_NOT_PUBLISHED' },
  { kind: 'PRIVACY_POLICY', segment: 'privacy-policy', label: 'privacy policy', notPublished: 'PRIVACY_NOT_PUBLISHED' },
];

const auth = [{ bearerAuth: [] }];

export const legalDocumentsRouter = (ctx: LegalContext, verifier: TokenVerifier, registry: OpenAPIRegistry): Router => {
  const router = Router();
  const operator = signedIn(verifier, 'OPERATOR');

  for (const { kind, segment, label, notPublished } of KINDS) {
    const admin = `/api/v1/admin/${segment}`;
    const tag = ['Legal documents'];

    registry.registerPath({
      method: 'post', path: admin, tags: tag, security: auth,
      summary: `Publish a ${label} version (ACTIVE now or SCHEDULED)`,
      request: { body: jsonBody(LegalDocumentPublishRequest) },
      responses: {
        200: jsonResponse('The published document', LegalDocumentResponse),
        ...errorResponses({ 400: ['VALIDATION_FAILED', 'LEGAL_DOC_INVALID_EFFECTIVE_AT'], 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN'], 409: ['LEGAL_DOC_DUPLICATE_VERSION', 'LEGAL_DOC_ACTIVATION_CONFLICT'] }),
      },
    });
    router.post(admin, ...operator, async (req, res) => {
      const body = parseInput(LegalDocumentPublishRequest, req.body);
      const principal = principalOf(req);
      const doc = await publishLegalDocument(ctx, {
        kind,
        version: body.version,
        content: body.content,
        effectiveAt: body.effectiveAt ? new Date(body.effectiveAt) : null,
        actor: principal,
      });
      res.status(200).json(toLegalDocumentResponse(doc));
    });

    registry.registerPath({
      method: 'get', path: admin, tags: tag, security: auth,
      summary: `History of ${label} versions (effectiveAt desc, id desc; stored status snapshots; no content)`,
      responses: { 200: jsonResponse('History', LegalDocumentHistoryResponse), ...errorResponses({ 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN'] }) },
    });
    router.get(admin, ...operator, async (_req, res) => {
      const items = await listLegalDocumentHistory(ctx, kind);
      res.json({ items: items.map(toHistoryItem) });
    });

    registry.registerPath({
      method: 'get', path: `${admin}/{id}`, tags: tag, security: auth,
      summary: `One ${label} version with content (stored status snapshot)`,
      request: { params: IdParam },
      responses: { 200: jsonResponse('The document', LegalDocumentResponse), ...errorResponses({ 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN'], 404: ['LEGAL_DOC_NOT_FOUND'] }) },
    });
    router.get(`${admin}/:id`, ...operator, async (req, res) => {
      const { id } = parseInput(IdParam, req.params);
      res.json(toLegalDocumentResponse(await getLegalDocument(ctx, kind, id)));
    });

    registry.registerPath({
      method: 'delete', path: `${admin}/{id}`, tags: tag, security: auth,
      summary: `Cancel a scheduled ${label} version (hard delete while its time is ahead)`,
      request: { params: IdParam },
      responses: { 204: { description: 'Canceled' }, ...errorResponses({ 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN'], 404: ['LEGAL_DOC_NOT_FOUND'], 409: ['LEGAL_DOC_NOT_SCHEDULED'] }) },
    });
    router.delete(`${admin}/:id`, ...operator, async (req, res) => {
      const { id } = parseInput(IdParam, req.params);
      await cancelScheduledLegalDocument(ctx, kind, id, principalOf(req));
      res.status(204).end();
    });

    const active = `/api/v1/${segment}/active`;
    registry.registerPath({
      method: 'get', path: active, tags: tag,
      summary: `The ${label} in effect now (public; status always ACTIVE)`,
      responses: { 200: jsonResponse('The current document', LegalDocumentResponse), ...errorResponses({ 404: [notPublished] }) },
    });
    router.get(active, async (_req, res) => {
      res.json(toLegalDocumentResponse(await getCurrentLegalDocument(ctx, kind), 'ACTIVE'));
    });
  }
  return router;
};
