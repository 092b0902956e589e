import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { type Clock, createHttpApp, createLogger, deadlineInterceptor, type Logger, RedisTokenRevocations, TokenVerifier, type TokenRevocations } from '@storecast/service-kit/edge';
import { createApiKeyClient } from '@storecast/proto';
import type { ApiKeyVerifier } from './api-keys/api-key-verifier';
import { IdentityApiKeyVerifier } from './api-keys/identity-api-key-verifier';
import { ApiUsageRecorder } from './api-keys/api-usage-recorder';
import type { GatewayConfig } from './config';
import { ApiDocs } from './docs/api-docs';
import { gatewayOpenApiDocument } from './docs/gateway-openapi';
import { swaggerUiRouter } from './docs/swagger-ui';
import { listenEdge } from './http/edge-listener';
import { recordStaticHeaders } from './http/static-headers';
import { gatewayHandler } from './http/gateway.handler';
import { createErrorRenderer } from './http/render-error';
import { createUpstreamProxy, type Timers } from './proxy/upstream-proxy';
import { GatewayRateLimiter } from './rate-limit/rate-limiter';
import { createUploadEndpoints } from './uploads/upload-endpoints';
import { createMediaProxy } from './media/media-proxy';
import { webApp } from './web/web-app';
import { Router, type RequestHandler } from 'express';

export interface GatewayDeps {
  logger: Logger;
  tokenVerifier: TokenVerifier;
  apiKeyVerifier: ApiKeyVerifier;
  /** A Redis client owned by the caller (not closed by stop()). */
  redis: Redis;
  fetchImpl: typeof fetch;
  /** Time of token expiry, API-key verdict lifetimes and usage records (tests move it by hand). */
  clock: Clock;
  /** Timers of the upstream response-header timeout (tests fire them by hand). */
  timers: Timers;
}

export interface StartedGateway {
  url: string;
  port: number;
  /** Same as url/port, named like the services' StartedService. */
  httpUrl: string;
  httpPort: number;
  stop(): Promise<void>;
}

const waitForRedis = async (redis: Redis, logger: Logger, timeoutMs: number) => {
  if (redis.status === 'ready') return;
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
  // Not events.once: it would reject on the first connection 'error' event.
  const ready = new Promise<'ready'>((resolve) => redis.once('ready', () => resolve('ready')));
  const result = await Promise.race([ready, timeout]);
  if (result === 'timeout') logger.warn('Redis is not reachable yet: rate limits run in memory until it is');
};

/** An early, best-effort check: the services are the ones that fail closed. */
const failOpen = (marks: TokenRevocations): TokenRevocations => ({
  notBefore: (accountId) => marks.notBefore(accountId).catch(() => undefined),
  revokeBefore: (accountId, at, ttl) => marks.revokeBefore(accountId, at, ttl),
  close: () => marks.close(),
});

/** Responses carrying tokens (login, refresh, exchange, password change) are never cached. */
const TOKEN_PATHS = new Set(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/impersonate-exchange', '/api/v1/auth/change-password']);
const noStoreTokens: RequestHandler = (req, res, next) => {
  // Most requests are not under /api/v1/auth/: no path parsing for them.
  if (req.url.startsWith('/api/v1/auth/') && TOKEN_PATHS.has(req.path.replace(/\/+$/, ''))) {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
  }
  next();
};

export const start = async (config: GatewayConfig, deps: Partial<GatewayDeps> = {}): Promise<StartedGateway> => {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const production = config.NODE_ENV === 'production';

  const ownsRedis = !deps.redis;
  const redis =
    deps.redis ??
    new Redis(config.REDIS_URL, {
      // Commands fail at once while disconnected; the limiters then use their in-memory insurance.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      // Bounds how long stop() leaves a dead connection's timer behind (default 2 s).
      disconnectTimeout: 500,
    });
  let lastRedisError = 0;
  redis.on('error', (err) => {
    if (Date.now() - lastRedisError > 30_000) logger.warn({ reason: err.message }, 'Redis connection error');
    lastRedisError = Date.now();
  });
  await waitForRedis(redis, logger, 3000);

  // The kit's verifier checks RS256 once per token (claims kept until the token's expiry, bounded)
  // and checks the revocation marks (decision 0007) on every request, from a local copy the
  // gateway's Redis keeps exact (decision 0009: no round trip per request). They fail open at the
  // gateway (Redis down keeps it serving, like its rate limits): every service checks them again
  // and fails closed.
  const revocations = deps.tokenVerifier ? undefined : new RedisTokenRevocations(redis);
  const tokenVerifier =
    deps.tokenVerifier ??
    new TokenVerifier(config.JWT_PUBLIC_KEY ? { publicKeyPem: config.JWT_PUBLIC_KEY } : { jwksUrl: config.JWKS_URL }, {
      clock: deps.clock,
      revocations: revocations && failOpen(revocations),
    });
  const renderError = createErrorRenderer(logger, production);
  const proxy = createUpstreamProxy({ renderError, timeoutMs: config.UPSTREAM_TIMEOUT_MS, timers: deps.timers });
  const limiter = new GatewayRateLimiter({
    redis,
    keyPrefix: config.RATE_LIMIT_KEY_PREFIX,
    limits: config.rateLimits,
    loginFailuresPerEmail: config.RATE_LIMIT_LOGIN_PER_EMAIL,
  });
  // Public API keys: verified by identity (cached), usage sent to identity in batches.
  const apiKeyClient = createApiKeyClient(config.IDENTITY_GRPC_ADDR, { interceptors: [deadlineInterceptor(config.GRPC_DEADLINE_MS)] });
  const apiKeyVerifier =
    deps.apiKeyVerifier ??
    new IdentityApiKeyVerifier({
      client: apiKeyClient,
      logger,
      maxEntries: config.API_KEY_CACHE_MAX_ENTRIES,
      now: deps.clock ? () => deps.clock!.now().getTime() : undefined,
    });
  const usage = new ApiUsageRecorder({
    client: apiKeyClient,
    logger,
    flushIntervalMs: config.API_USAGE_FLUSH_MS,
    batchSize: config.API_USAGE_BATCH_SIZE,
    maxBuffered: config.API_USAGE_MAX_BUFFERED,
  });
  usage.start();

  const gatewayDocument = gatewayOpenApiDocument();
  const apiDocs = new ApiDocs({
    upstreams: config.upstreams,
    base: () => gatewayDocument,
    timeoutMs: config.API_DOCS_TIMEOUT_MS,
    cacheMs: config.API_DOCS_CACHE_SECONDS * 1000,
    logger,
    fetchImpl: deps.fetchImpl,
  });

  const docsRouter = Router();
  docsRouter.get('/v3/api-docs', async (_req, res) => {
    res.json(await apiDocs.document());
  });
  docsRouter.use(swaggerUiRouter());

  // Every response: helmet's headers (X-Content-Type-Options nosniff, HSTS, frame, referrer and
  // content-security policies...), proxied answers included. Recorded once (they do not depend on
  // the request): the edge writes them with each routed response's head, the express app replays them.
  const securityHeaders = recordStaticHeaders(helmet());
  const handler = gatewayHandler({
    config,
    tokenVerifier,
    apiKeyVerifier,
    usage,
    limiter,
    proxy,
    renderError,
    uploads: createUploadEndpoints({ config, limiter, proxy, clock: deps.clock }),
    clock: deps.clock,
  });

  // Not in the route table, so never on the routed path: the express app serves them.
  const media = config.MEDIA_S3_ENDPOINT
    ? createMediaProxy({ endpoint: config.MEDIA_S3_ENDPOINT, bucket: config.MEDIA_S3_BUCKET, timeoutMs: config.UPSTREAM_TIMEOUT_MS, clock: deps.clock })
    : undefined;
  const web = webApp({ distDir: config.WEB_DIST_DIR, mediaEndpoint: config.S3_PUBLIC_ENDPOINT, publicBaseUrl: config.PUBLIC_BASE_URL });
  if (!fs.existsSync(path.join(config.WEB_DIST_DIR, 'index.html'))) {
    logger.warn({ dir: config.WEB_DIST_DIR }, 'the web app is not built (npm run build -w web): its pages answer 503 until it is');
  }

  let shuttingDown = false;
  const app = createHttpApp({
    logger,
    production,
    routers: [],
    readiness: {
      redis: async () => {
        await redis.ping();
      },
    },
    isShuttingDown: () => shuttingDown,
    openApiDocument: () => gatewayDocument,
    // Services trust X-Forwarded-For from the gateway; the gateway is the edge and trusts only what
    // TRUST_PROXY says, so clients cannot choose their rate-limit key.
    trustProxy: config.TRUST_PROXY,
    // Routed requests never reach this app (edge listener); what does gets the same headers. The web
    // app's responses replace helmet's content security policy with their own (src/web/web-app.ts).
    before: [securityHeaders.middleware, noStoreTokens, docsRouter, ...(media ? [media.handler] : []), web],
  });

  // Routed requests go straight to the gateway handler (src/http/edge-listener.ts); the express app
  // serves the rest (probes, documents, the web app, /media, 404).
  const server = await listenEdge({ app, handler, logger, renderError, staticHeaders: securityHeaders, headers: [noStoreTokens] }, config.port);
  logger.info({ port: server.port }, 'gateway listening');

  return {
    url: server.url,
    port: server.port,
    httpUrl: server.url,
    httpPort: server.port,
    async stop() {
      shuttingDown = true;
      await server.close();
      await proxy.close();
      await media?.close();
      await usage.stop();
      apiKeyClient.close();
      await revocations?.close();
      if (ownsRedis) {
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      }
    },
  };
};
