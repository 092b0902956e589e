import { Router, type Request } from 'express';
import { errorResponses, forbidImpersonation, jsonBody, parseInput, principalOf, type OpenAPIRegistry, type TokenVerifier } from '@storecast/service-kit';
import { agreeToLegalDocument } from '../app/agree-to-legal-document.use-case';
import type { LegalContext } from '../app/ports';
import type { DocumentKind } from '../domain/legal-document';
import { LegalAgreeRequest } from './dto';
import { signedIn } from '@storecast/service-kit';

const KINDS: Array<{ kind: DocumentKind; segment: string; label: string }> = [
  { kind: 'TERMS', segment: 'terms', label: 'terms' },
  { kind: 'PRIVACY_POLICY', segment: 'privacy', label: 'privacy policy' },
];

/** Client address as the gateway forwarded it (X-Forwarded-For, trusted), IPv4-mapped form unwrapped. */
const clientIp = (req: Request): string | null => {
  const ip = req.ip;
  if (!ip) return null;
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
};

const userAgentOf = (req: Request): string | null => {
  const ua = req.get('user-agent');
  return ua ? ua.slice(0, 1024) : null;
};

export const agreementRouter = (ctx: LegalContext, verifier: TokenVerifier, registry: OpenAPIRegistry): Router => {
  const router = Router();
  const manager = signedIn(verifier, 'HQ_MANAGER', 'STORE_MANAGER');
  for (const { kind, segment, label } of KINDS) {
    const path = `/api/v1/legal/${segment}/agree`;
    registry.registerPath({
      method: 'post', path, tags: ['Legal agreement'], security: [{ bearerAuth: [] }],
      summary: `Agree to the current ${label} (HQ or store manager; idempotent)`,
      description:
        'Records one consent per HQ (HQ managers) or store (store managers) and version, with time, ip, user agent and ' +
        'signer name (the account name from identity; null when identity does not answer). A repeat is a no-op (204).',
      request: { body: jsonBody(LegalAgreeRequest) },
      responses: {
        204: { description: 'Agreed (or already agreed)' },
        ...errorResponses({
          400: ['VALIDATION_FAILED', 'INVALID_LEGAL_VERSION'],
          401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'],
          403: ['FORBIDDEN (operators)', 'IMPERSONATION_FORBIDDEN_ACTION', 'PRINCIPAL_SCOPE_MISMATCH', 'PASSWORD_CHANGE_REQUIRED'],
          409: ['CONSENT_DUPLICATE_VERSION (two first agreements racing)'],
        }),
      },
    });
    router.post(path, ...manager, async (req, res) => {
      const principal = principalOf(req);
      // Impersonated sessions are refused before the body is read (the use case checks again).
      forbidImpersonation(principal);
      const body = parseInput(LegalAgreeRequest, req.body);
      await agreeToLegalDocument(ctx, { kind, version: body.version, principal, ip: clientIp(req), userAgent: userAgentOf(req) });
      res.status(204).end();
    });
  }
  return router;
};
