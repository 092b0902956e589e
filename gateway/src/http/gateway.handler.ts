import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { type Clock, serviceUnavailable, systemClock, type TokenVerifier } from '@storecast/service-kit';
import { checkApiKey, isRefusal } from '../api-keys/api-key-auth';
import type { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { endpointOf, type ApiUsageRecorder } from '../api-keys/api-usage-recorder';
import { authorizeToken } from '../auth/authorize-token';
import type { GatewayConfig } from '../config';
import { payloadTooLarge, type UpstreamProxy, type ForwardContext } from '../proxy/upstream-proxy';
import { loginEmailOf, readSmallBody } from '../proxy/read-body';
import type { GatewayRateLimiter } from '../rate-limit/rate-limiter';
import { bodyLimitForSegments } from '../routes/body-limits';
import { splitPath } from '../routes/path-pattern';
import { RATE_LIMIT_GROUPS, rateLimitGroupForSegments } from '../routes/rate-limit-groups';
import { resolveRouteSegments, type RouteEntry } from '../routes/route-table';
import type { UploadEndpoints } from '../uploads/upload-endpoints';
import type { ErrorRenderer } from './render-error';

/** Login bodies are a few hundred bytes; reading more than this for the LOGIN limiter is refused. */
const LOGIN_BODY_LIMIT = 16 * 1024;

/** Headers only the gateway may set; a client sending them has them removed. */
export const API_CLIENT_ID_HEADER = 'x-storecast-api-client-id';
export const API_KEY_ID_HEADER = 'x-storecast-api-key-id';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export interface GatewayHandlerDeps {
  config: GatewayConfig;
  tokenVerifier: TokenVerifier;
  apiKeyVerifier: ApiKeyVerifier;
  /** Where usage of the public API goes (per key and endpoint). */
  usage: Pick<ApiUsageRecorder, 'record'>;
  limiter: GatewayRateLimiter;
  proxy: UpstreamProxy;
  renderError: ErrorRenderer;
  /** The gateway's own upload-ticket endpoints (route target `gateway-uploads`). */
  uploads: UploadEndpoints;
  /** Time of usage records (occurredAt, durationMs). */
  clock?: Clock;
}

/**
 * Every routed request: route → credential (token / API key) → body limit → rate limit → proxy.
 * Unrouted paths fall through to the kit's 404 NOT_FOUND.
 */
export const gatewayHandler = (deps: GatewayHandlerDeps): RequestHandler => {
  const { config, tokenVerifier, apiKeyVerifier, usage, limiter, proxy, renderError, uploads } = deps;
  const clock = deps.clock ?? systemClock;

  const prepareForwardHeaders = (req: Request, res: Response) => {
    // The kit's request context set X-Request-Id on the response (the caller's or a new one).
    let requestId = String(res.getHeader('x-request-id') ?? '');
    if (!REQUEST_ID_RE.test(requestId)) {
      requestId = randomUUID();
      res.setHeader('x-request-id', requestId);
      req.log = req.log.child({ requestId });
    }
    req.headers['x-request-id'] = requestId;
    // The gateway is the edge: services trust X-Forwarded-For, so it carries exactly the client
    // address the gateway determined (TRUST_PROXY decides whether an incoming header counts).
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
    delete req.headers.forwarded;
    delete req.headers[API_CLIENT_ID_HEADER];
    delete req.headers[API_KEY_ID_HEADER];
  };

  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

  const handle = async (req: Request, res: Response, next: NextFunction, route: RouteEntry, segments: string[]) => {
    const preflight = req.method === 'OPTIONS';
    if (route.auth === 'token' && !preflight) {
      req.principal = await authorizeToken(tokenVerifier, route, req);
    } else if ((route.auth === 'api-key-bearer' || route.auth === 'api-key-header') && !preflight) {
      const result = await checkApiKey(route.auth, req.headers, apiKeyVerifier);
      if (isRefusal(result)) {
        res.status(result.status).json({ message: result.message, error: 'Bad Request', statusCode: result.status });
        return;
      }
      req.headers[API_CLIENT_ID_HEADER] = result.clientId;
      req.headers[API_KEY_ID_HEADER] = result.keyId;
      // Every call with an accepted key counts, whatever its outcome (success rate, timings).
      const started = clock.now();
      const endpoint = endpointOf(req.method, req.path);
      res.once('close', () =>
        usage.record({
          keyId: result.keyId,
          endpoint,
          statusCode: res.statusCode,
          durationMs: Math.max(0, clock.now().getTime() - started.getTime()),
          occurredAt: started.toISOString(),
        }),
      );
    }

    const bodyLimit = bodyLimitForSegments(req.method, segments, config.BODY_LIMIT);
    const declaredLength = Number(req.headers['content-length'] ?? 0);
    if (declaredLength > bodyLimit) throw payloadTooLarge();

    const ctx: ForwardContext = { route, target: '', bodyLimit };
    const group = rateLimitGroupForSegments(req.method, segments);
    if (group === 'LOGIN') {
      const ip = clientIp(req);
      ctx.bufferedBody = await readSmallBody(req, Math.min(LOGIN_BODY_LIMIT, bodyLimit));
      const email = loginEmailOf(ctx.bufferedBody);
      if (email) await limiter.assertLoginAllowed(ip, email);
      await limiter.consume('LOGIN', `ip:${ip}`);
      if (email) {
        ctx.onUpstreamResponse = (status) => {
          const update =
            status === 401
              ? limiter.recordLoginFailure(ip, email)
              : status >= 200 && status < 300
                ? limiter.clearLoginFailures(ip, email)
                : undefined;
          update?.catch((err: unknown) => req.log.warn({ err }, 'login limiter update failed'));
        };
      }
    } else if (group === 'ACCOUNT_MAIL') {
      // Once per IP and once per recipient: the body's email (password reset) or the path's account (setup resend).
      await limiter.consume(group, `ip:${clientIp(req)}`);
      let recipient = segments.length === 6 ? `account:${segments[4]!.toLowerCase()}` : undefined;
      if (!recipient) {
        ctx.bufferedBody = await readSmallBody(req, Math.min(LOGIN_BODY_LIMIT, bodyLimit));
        const email = loginEmailOf(ctx.bufferedBody);
        recipient = email && `email:${email}`;
      }
      if (recipient) await limiter.consume(group, recipient);
    } else if (group) {
      const byPrincipal = RATE_LIMIT_GROUPS[group].keyBy === 'principal' && req.principal;
      await limiter.consume(group, byPrincipal ? `account:${req.principal!.accountId}` : `ip:${clientIp(req)}`);
    }

    if (route.service === 'gateway-uploads') {
      await uploads.handle(req, res, next, ctx);
      return;
    }
    const target = config.upstreams[route.service];
    if (!target) throw serviceUnavailable(`The ${route.service} service is not configured`);
    ctx.target = target;
    proxy.forward(req, res, next, ctx);
  };

  return async (req, res, next) => {
    const segments = splitPath(req.path);
    const route = segments && resolveRouteSegments(segments);
    if (!segments || !route) {
      next();
      return;
    }
    // `service` is the emitting process (gateway) in every kit log line; the target is `upstream`.
    req.log = req.log.child({ upstream: route.service });
    prepareForwardHeaders(req, res);
    try {
      await handle(req, res, next, route, segments);
    } catch (err) {
      if ((err as { httpStatus?: number }).httpStatus === 413) res.setHeader('Connection', 'close');
      renderError(req, res, route.errorShape, err);
    }
  };
};
