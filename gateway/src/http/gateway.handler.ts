import type { NextFunction, Request, Response } from 'express';
import { type Clock, serviceUnavailable, systemClock } from '@storecast/service-kit/edge';
import { checkApiKey, isRefusal } from '../api-keys/api-key-auth';
import type { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { endpointOf, type ApiUsageRecorder } from '../api-keys/api-usage-recorder';
import { type AccessTokenVerifier, authorizeToken } from '../auth/authorize-token';
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
import { inRequestTrace } from './request-span';

/** Login bodies are a few hundred bytes; reading more than this for the LOGIN limiter is refused. */
const LOGIN_BODY_LIMIT = 16 * 1024;

/** Headers only the gateway may set; a client sending them has them removed. */
export const API_CLIENT_ID_HEADER = 'x-storecast-api-client-id';
export const API_KEY_ID_HEADER = 'x-storecast-api-key-id';

export interface GatewayHandlerDeps {
  config: GatewayConfig;
  tokenVerifier: AccessTokenVerifier;
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

/** A request the route table sends somewhere: its route and path segments. */
export interface RoutedRequest {
  route: RouteEntry;
  segments: string[];
}

export interface GatewayHandler {
  /** The route of a request target (origin-form `/path?query`), or undefined (→ the express app: probes, docs, 404). */
  resolve(url: string): RoutedRequest | undefined;
  /** Route → credential (token / API key) → body limit → rate limit → proxy; failures rendered in the route's shape. */
  handle(req: Request, res: Response, routed: RoutedRequest, next: NextFunction): Promise<void>;
}

/**
 * Every routed request: route → credential (token / API key) → body limit → rate limit → proxy.
 * The request id (X-Request-Id) is set by the edge listener before handle() runs.
 */
export const gatewayHandler = (deps: GatewayHandlerDeps): GatewayHandler => {
  const { config, tokenVerifier, apiKeyVerifier, usage, limiter, proxy, renderError, uploads } = deps;
  const clock = deps.clock ?? systemClock;

  const prepareForwardHeaders = (req: Request, clientIp: string) => {
    // The gateway is the edge: services trust X-Forwarded-For, so it carries exactly the client
    // address the gateway determined (TRUST_PROXY decides whether an incoming header counts).
    const { headers } = req;
    headers['x-forwarded-for'] = clientIp;
    headers['x-forwarded-proto'] = req.protocol;
    if (headers.host) headers['x-forwarded-host'] = headers.host;
    if (headers.forwarded !== undefined) delete headers.forwarded;
    if (headers[API_CLIENT_ID_HEADER] !== undefined) delete headers[API_CLIENT_ID_HEADER];
    if (headers[API_KEY_ID_HEADER] !== undefined) delete headers[API_KEY_ID_HEADER];
  };

  const handle = async (req: Request, res: Response, next: NextFunction, route: RouteEntry, segments: string[], ip: string) => {
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
    const declaredLength = req.headers['content-length'];
    if (declaredLength !== undefined && Number(declaredLength) > bodyLimit) throw payloadTooLarge();

    const ctx: ForwardContext = { route, target: '', bodyLimit };
    // Routes without a limit group make no Redis round trip.
    const group = rateLimitGroupForSegments(req.method, segments);
    if (group === 'LOGIN') {
      ctx.bufferedBody = await readSmallBody(req, Math.min(LOGIN_BODY_LIMIT, bodyLimit));
      const email = loginEmailOf(ctx.bufferedBody);
      if (email) await inRequestTrace(req, () => limiter.assertLoginAllowed(ip, email));
      await inRequestTrace(req, () => limiter.consume('LOGIN', `ip:${ip}`));
      if (email) {
        ctx.onUpstreamResponse = (status) => {
          const update = inRequestTrace(req, () =>
            status === 401
              ? limiter.recordLoginFailure(ip, email)
              : status >= 200 && status < 300
                ? limiter.clearLoginFailures(ip, email)
                : undefined,
          );
          update?.catch((err: unknown) => inRequestTrace(req, () => req.log.warn({ err }, 'login limiter update failed')));
        };
      }
    } else if (group === 'ACCOUNT_MAIL') {
      // Once per IP and once per recipient: the body's email (password reset) or the path's account (setup resend).
      await inRequestTrace(req, () => limiter.consume(group, `ip:${ip}`));
      let recipient = segments.length === 6 ? `account:${segments[4]!.toLowerCase()}` : undefined;
      if (!recipient) {
        ctx.bufferedBody = await readSmallBody(req, Math.min(LOGIN_BODY_LIMIT, bodyLimit));
        const email = loginEmailOf(ctx.bufferedBody);
        recipient = email && `email:${email}`;
      }
      if (recipient) await inRequestTrace(req, () => limiter.consume(group, recipient));
    } else if (group) {
      const byPrincipal = RATE_LIMIT_GROUPS[group].keyBy === 'principal' && req.principal;
      await inRequestTrace(req, () => limiter.consume(group, byPrincipal ? `account:${req.principal!.accountId}` : `ip:${ip}`));
    }

    if (route.service === 'gateway-uploads') {
      await inRequestTrace(req, () => uploads.handle(req, res, next, ctx));
      return;
    }
    const target = config.upstreams[route.service];
    if (!target) throw serviceUnavailable(`The ${route.service} service is not configured`);
    ctx.target = target;
    inRequestTrace(req, () => proxy.forward(req, res, ctx));
  };

  return {
    resolve(url) {
      const query = url.indexOf('?');
      const segments = splitPath(query < 0 ? url : url.slice(0, query));
      const route = segments && resolveRouteSegments(segments);
      return route ? { route, segments: segments! } : undefined;
    },
    async handle(req, res, { route, segments }, next) {
      try {
        const ip = req.ip ?? req.socket.remoteAddress;
        prepareForwardHeaders(req, ip ?? '');
        await handle(req, res, next, route, segments, ip ?? 'unknown');
      } catch (err) {
        if ((err as { httpStatus?: number }).httpStatus === 413) res.setHeader('Connection', 'close');
        renderError(req, res, route.errorShape, err);
      }
    },
  };
};
