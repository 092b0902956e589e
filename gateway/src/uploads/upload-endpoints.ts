import type { NextFunction, Request, Response } from 'express';
import {
  AppError,
  type Clock,
  forbidden,
  parseInput,
  type Principal,
  ROLES,
  serviceUnavailable,
  systemClock,
  TicketInvalidError,
  TicketSigner,
  UPLOAD_TICKET_HEADER,
  uploadNotConfigured,
  uploadTicketInvalid,
  type VerifiedTicket,
  validationFailed,
} from '@storecast/service-kit/edge';
import type { GatewayConfig } from '../config';
import { payloadTooLarge, type ForwardContext, type UpstreamProxy } from '../proxy/upstream-proxy';
import { readSmallBody } from '../proxy/read-body';
import type { GatewayRateLimiter } from '../rate-limit/rate-limiter';
import { bodyLimitFor } from '../routes/body-limits';
import { resolveRoute } from '../routes/route-table';
import { purposeAllowed, UPLOAD_TARGETS, type UploadTarget } from './upload-purposes';
import { UploadTicketRequestSchema, type UploadTicketResponse } from './upload-ticket.schemas';

export const UPLOAD_TICKETS_PATH = '/api/v1/uploads/tickets';
export const UPLOAD_FILES_PATH = '/api/v1/uploads/files';

/** A ticket request is `{ purpose, targetId? }`: a few dozen bytes. */
const TICKET_REQUEST_LIMIT = 16 * 1024;

export interface UploadEndpointsOptions {
  config: Pick<GatewayConfig, 'UPLOAD_TICKET_SECRET' | 'UPLOAD_TICKET_TTL_SECONDS' | 'PUBLIC_BASE_URL' | 'upstreams'>;
  limiter: Pick<GatewayRateLimiter, 'consume'>;
  proxy: Pick<UpstreamProxy, 'forward'>;
  clock?: Clock;
}

export interface UploadEndpoints {
  /** Both upload routes, after the gateway's route, credential, body-limit and rate-limit steps. */
  handle(req: Request, res: Response, next: NextFunction, ctx: ForwardContext): Promise<void>;
}

const notAvailableYet = (purpose: string) => serviceUnavailable(`Uploads of purpose ${purpose} are not available yet`);

/** The absolute URL of the files endpoint on the public base URL, else on the origin the client used. */
const uploadUrlFor = (publicBaseUrl: string | undefined, req: Request): string => {
  const base = new URL(publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}${UPLOAD_FILES_PATH}`;
  base.search = '';
  base.hash = '';
  return base.toString();
};

/**
 * The gateway's own upload endpoints (spec 02 § Upload tickets):
 *
 * - `POST /api/v1/uploads/tickets` (signed in; the route table checked the token): `{ purpose,
 *   targetId? }` → a ticket of kind `upload` (kit TicketSigner) with the caller's claims, the
 *   purpose and the target id, and the absolute `uploadUrl`.
 * - `POST /api/v1/uploads/files` (public; the ticket is the credential): the ticket is verified,
 *   then the request is forwarded UNBUFFERED — multipart body, query string, content headers and
 *   the ticket itself, never an Authorization header — to the purpose's target endpoint, whose
 *   answer is the answer. The target checks the ticket again.
 */
export const createUploadEndpoints = (options: UploadEndpointsOptions): UploadEndpoints => {
  const { config, limiter, proxy } = options;
  const signer = config.UPLOAD_TICKET_SECRET ? new TicketSigner(config.UPLOAD_TICKET_SECRET, options.clock ?? systemClock) : undefined;

  const issue = async (req: Request, res: Response, principal: Principal) => {
    if (!signer) throw uploadNotConfigured();
    const raw = await readSmallBody(req, TICKET_REQUEST_LIMIT);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw validationFailed([{ field: '(root)', code: 'INVALID_JSON', message: 'The body must be a JSON object' }]);
    }
    const body = parseInput(UploadTicketRequestSchema, json);
    if (!purposeAllowed(principal.role, body.purpose)) {
      throw forbidden('UPLOAD_PURPOSE_FORBIDDEN', `A ${principal.role} may not upload with purpose ${body.purpose}`);
    }
    const target = UPLOAD_TARGETS[body.purpose];
    if (!target) throw notAvailableYet(body.purpose);
    if (target.needsTarget && !body.targetId) {
      throw validationFailed([{ field: 'targetId', code: 'REQUIRED', message: `${body.purpose} needs targetId (the ${target.targetName})` }]);
    }
    if (!target.needsTarget && body.targetId) {
      throw validationFailed([{ field: 'targetId', code: 'NOT_ALLOWED', message: `${body.purpose} takes no targetId` }]);
    }
    const ttl = config.UPLOAD_TICKET_TTL_SECONDS;
    const { ticket } = signer.issue(
      'upload',
      {
        sub: principal.accountId,
        role: principal.role,
        hqId: principal.hqId,
        storeId: principal.storeId,
        impersonatedBy: principal.impersonatedBy,
        purpose: body.purpose,
        targetId: body.targetId?.toLowerCase(),
      },
      ttl,
    );
    const answer: UploadTicketResponse = { ticket, uploadUrl: uploadUrlFor(config.PUBLIC_BASE_URL, req), expiresInSeconds: ttl };
    res.status(200).json(answer);
  };

  const verified = (req: Request): { ticket: VerifiedTicket; target: UploadTarget } => {
    if (!signer) throw uploadNotConfigured();
    let ticket: VerifiedTicket;
    try {
      ticket = signer.verify('upload', req.headers[UPLOAD_TICKET_HEADER]);
    } catch (err) {
      if (err instanceof TicketInvalidError) throw uploadTicketInvalid();
      throw err;
    }
    const role = ROLES.find((r) => r === ticket.role);
    const purpose = Object.keys(UPLOAD_TARGETS).find((p) => p === ticket.purpose) as keyof typeof UPLOAD_TARGETS | undefined;
    if (!role || !purpose || !purposeAllowed(role, purpose)) throw uploadTicketInvalid();
    const target = UPLOAD_TARGETS[purpose];
    if (!target) throw notAvailableYet(purpose);
    if (target.needsTarget !== (typeof ticket.targetId === 'string')) throw uploadTicketInvalid();
    return { ticket, target };
  };

  const upload = async (req: Request, res: Response, next: NextFunction, ctx: ForwardContext) => {
    const { ticket, target } = verified(req);
    if (target.attachment) {
      // The same per-account group as a direct attachment upload (spec 02: 10 per minute per account).
      await limiter.consume('TICKET_ATTACHMENT', `account:${ticket.sub}`);
    }
    const path = target.path(ticket.targetId ?? '');
    const route = resolveRoute(path);
    if (!route || route.service === 'gateway-uploads') throw new AppError(500, 'INTERNAL_ERROR', `No route for the upload target ${path}`);
    // The target's own limit (10 MB + envelope for attachments), enforced as on the direct route.
    const bodyLimit = Math.min(ctx.bodyLimit, bodyLimitFor(target.method, path, ctx.bodyLimit));
    if (Number(req.headers['content-length'] ?? 0) > bodyLimit) throw payloadTooLarge();
    const upstream = config.upstreams[route.service];
    if (!upstream) throw serviceUnavailable(`The ${route.service} service is not configured`);

    // The ticket is the only credential of this request: a bearer token sent along is not forwarded.
    delete req.headers.authorization;
    // Forwarded as the target request; the request log line still names what the client called.
    const original = { url: req.url, method: req.method };
    const query = req.url.indexOf('?');
    req.url = `${path}${query >= 0 ? req.url.slice(query) : ''}`;
    req.method = target.method;
    const restore = () => {
      req.url = original.url;
      req.method = original.method;
    };
    res.prependOnceListener('finish', restore);
    res.prependOnceListener('close', restore);
    req.log = req.log.child({ uploadTarget: route.service, uploadPurpose: ticket.purpose });
    proxy.forward(req, res, { ...ctx, route, target: upstream, bodyLimit });
  };

  return {
    async handle(req, res, next, ctx) {
      if (req.method === 'OPTIONS') {
        // Preflights pass the gateway without credentials; same-origin deployment, no CORS headers.
        res.status(204).setHeader('Allow', 'POST').end();
        return;
      }
      if (req.path.replace(/\/+$/, '') === UPLOAD_TICKETS_PATH) {
        if (req.method !== 'POST' || !req.principal) throw new AppError(404, 'NOT_FOUND', 'No such endpoint');
        await issue(req, res, req.principal);
        return;
      }
      if (req.method !== 'POST') throw new AppError(404, 'NOT_FOUND', 'No such endpoint');
      await upload(req, res, next, ctx);
    },
  };
};
