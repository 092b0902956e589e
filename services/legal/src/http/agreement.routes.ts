import type { Request, Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import { agreeToLegalDocument } from '../app/agree-to-legal-document.use-case';
import type { LegalContext } from '../app/ports';
import type { DocumentKind } from '../domain/legal-document';
import { LegalAgreeRequest } from './agreement.schemas';

const KINDS: Array<{ kind: DocumentKind; segment: string; name: string; label: string }> = [
  { kind: 'TERMS', segment: 'terms', name: 'Terms', label: 'terms' },
  { kind: 'PRIVACY_POLICY', segment: 'privacy', name: 'PrivacyPolicy', label: 'privacy policy' },
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

export const agreementRouter = (api: ServiceApi, ctx: LegalContext): Router => {
  const router = api.router();
  for (const { kind, segment, name, label } of KINDS) {
    api.define(router, {
      method: 'post',
      path: `/api/v1/legal/${segment}/agree`,
      operationId: `agreeTo${name}`,
      summary: `Agree to the current ${label} (HQ or store manager; idempotent)`,
      description:
        'Records one consent per HQ (HQ managers) or store (store managers) and version, with time, ip, user agent and ' +
        'signer name (the account name from identity, which re-checks the caller: 503 while identity does not answer). A repeat is a no-op (204). ' +
        'Operators get 403 FORBIDDEN; impersonated sessions 403 IMPERSONATION_FORBIDDEN_ACTION before the body is read.',
      tags: ['Legal agreement'],
      // Impersonated sessions are refused by the guard, before the body is read.
      auth: { roles: ['HQ_MANAGER', 'STORE_MANAGER'], forbidImpersonation: true },
      body: LegalAgreeRequest,
      response: { status: 204, description: 'Agreed (or already agreed)' },
      errors: {
        400: ['INVALID_LEGAL_VERSION'],
        403: ['PRINCIPAL_SCOPE_MISMATCH'],
        409: ['CONSENT_DUPLICATE_VERSION'],
        503: ['SERVICE_UNAVAILABLE'],
      },
      handler: async ({ body, principal, req }) => {
        await agreeToLegalDocument(ctx, { kind, version: body.version, principal, ip: clientIp(req), userAgent: userAgentOf(req) });
      },
    });
  }
  return router;
};
