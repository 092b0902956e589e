import { Router } from 'express';
import { errorResponses, jsonResponse, parseInput, type OpenAPIRegistry, type TokenVerifier } from '@storecast/service-kit';
import { getHqConsents } from '../app/get-hq-consents.use-case';
import type { LegalContext } from '../app/ports';
import { HqConsentsResponse, IdParam, toHqConsentsResponse } from './dto';
import { signedIn } from '@storecast/service-kit';

export const hqConsentsRouter = (ctx: LegalContext, verifier: TokenVerifier, registry: OpenAPIRegistry): Router => {
  const router = Router();
  registry.registerPath({
    method: 'get', path: '/api/v1/admin/hq/{id}/consents', tags: ['Legal agreement'], security: [{ bearerAuth: [] }],
    summary: "An HQ's consents (its HQ managers' agreements), newest first, with re-agree flags",
    request: { params: IdParam },
    responses: {
      200: jsonResponse('Consents of the HQ', HqConsentsResponse),
      ...errorResponses({ 401: ['AUTH_TOKEN_INVALID'], 403: ['FORBIDDEN'], 404: ['HQ_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE (organization unreachable)'] }),
    },
  });
  router.get('/api/v1/admin/hq/:id/consents', ...signedIn(verifier, 'OPERATOR'), async (req, res) => {
    const { id } = parseInput(IdParam, req.params);
    res.json(toHqConsentsResponse(await getHqConsents(ctx, id)));
  });
  return router;
};
