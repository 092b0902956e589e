import express, { type Express, type RequestHandler, type Router } from 'express';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { healthRouter, type ReadinessCheck } from './health';
import { platformErrorHandler, notFoundHandler } from './http-errors';

export interface HttpAppOptions {
  logger: Logger;
  production: boolean;
  /** Routers mounted at the root; they carry full paths such as /api/v1/auth/login. */
  routers: Router[];
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
  /** The service's own OpenAPI document, served at /openapi.json for the gateway to merge. */
  openApiDocument?: () => unknown;
  jsonLimit?: string;
  /** Handlers that must see the raw request before JSON parsing (multipart, streams). */
  before?: RequestHandler[];
  /**
   * Express "trust proxy": services sit behind the gateway and trust it (default true); an edge
   * process such as the gateway must not, or clients could choose their own address.
   */
  trustProxy?: boolean | number | string;
}

// An incoming id is echoed into logs and headers, so only a short, plain one is accepted.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Requests carry an id (taken from X-Request-Id when the gateway set one) for log correlation,
 * and get one log line when they end: finished, or the client went away first (closed SSE
 * streams, aborted uploads). The line goes through the service logger with the id as a field, and
 * `req.log` (a child logger bound to the id) is made only when a handler logs: most requests never
 * do, and a child per request was a measurable share of a small public-API request.
 */
const requestContext = (logger: Logger): RequestHandler => {
  // The request line is the one line written for every request, and its fields are fixed: the id,
  // method, path (never the query string, where stream tickets travel), status and time. None is a
  // secret, so it skips pino's redaction, which cost 18 µs a line against 1.4 µs without it (the
  // kit's REDACT_PATHS, measured side by side); every other line is still redacted.
  const requestLine = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    req.requestId = requestId;
    const started = process.hrtime.bigint();
    // 'close' follows 'finish' on every response, so one listener tells both endings apart.
    res.once('close', () => {
      const ms = Math.round((Number(process.hrtime.bigint() - started) / 1e6) * 10) / 10;
      const aborted = !res.writableFinished;
      requestLine.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms, ...(aborted ? { aborted: true } : {}) }, 'request');
    });
    next();
  };
};

const REQUEST_LOGGER = Symbol('requestLogger');

/** `req.log`, created on first use from the request's id (and replaceable, as the gateway narrows it). */
const lazyRequestLogger = (app: Express, logger: Logger) => {
  type WithLogger = { requestId?: string; [REQUEST_LOGGER]?: Logger };
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: WithLogger) {
      return (this[REQUEST_LOGGER] ??= logger.child({ requestId: this.requestId }));
    },
    set(this: WithLogger, value: Logger) {
      this[REQUEST_LOGGER] = value;
    },
  });
};

declare module 'express-serve-static-core' {
  interface Request {
    log: Logger;
    /** The request's correlation id (X-Request-Id). */
    requestId: string;
  }
}

export const createHttpApp = (options: HttpAppOptions): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? true);
  // Every response of every process: a browser never guesses a content type (JSON read as HTML).
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  lazyRequestLogger(app, options.logger);
  app.use(requestContext(options.logger));
  app.use(healthRouter(options.readiness ?? {}, options.isShuttingDown, options.logger));
  if (options.openApiDocument) {
    const doc = options.openApiDocument;
    app.get('/openapi.json', (_req, res) => {
      res.json(doc());
    });
  }
  for (const h of options.before ?? []) app.use(h);
  app.use(express.json({ limit: options.jsonLimit ?? '1mb' }));
  for (const router of options.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(platformErrorHandler({ logger: options.logger, production: options.production }));
  return app;
};

type RequestClass = typeof http.IncomingMessage;
type ResponseClass<Req extends RequestClass> = typeof http.ServerResponse<InstanceType<Req>>;

export interface RunningHttpServer<Req extends RequestClass = RequestClass, Res extends ResponseClass<Req> = ResponseClass<Req>> {
  server: http.Server<Req, Res>;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Request and response classes whose prototypes ARE express's request/response of `app`, for
 * http.createServer. Express otherwise swaps the prototype of every request and response
 * (setPrototypeOf) and then adds properties, which gives each of them a hidden class (map) of its
 * own in V8: about 3 KB per request that a long-lived request (an SSE stream) keeps for its life,
 * and no inline caches shared between requests. With these, express's swap is a no-op.
 */
const expressRequestClasses = (app: Express) => {
  // The class's prototype takes the place of express's object: same prototype chain, same own keys (app).
  const adopt = (Derived: { prototype: object }, proto: object) => {
    Object.setPrototypeOf(Derived.prototype, Object.getPrototypeOf(proto) as object);
    for (const key of Reflect.ownKeys(proto)) Object.defineProperty(Derived.prototype, key, Object.getOwnPropertyDescriptor(proto, key)!);
  };
  const IncomingMessage = class extends http.IncomingMessage {};
  const ServerResponse = class extends http.ServerResponse {};
  adopt(IncomingMessage, app.request);
  adopt(ServerResponse, app.response);
  app.request = IncomingMessage.prototype as Express['request'];
  app.response = ServerResponse.prototype as Express['response'];
  return { IncomingMessage, ServerResponse };
};

/** Node's default accept queue length (the kernel caps any value at net.core.somaxconn). */
export const DEFAULT_LISTEN_BACKLOG = 511;

/**
 * Listens (port 0 allowed); close() stops accepting, then drains open connections. `backlog` is
 * the accept queue: a service that takes thousands of connections at once (SSE reconnect storms)
 * raises it, or the kernel drops the overflow and clients retry seconds later.
 */
export const listen = (app: Express, port: number, host = '0.0.0.0', backlog = DEFAULT_LISTEN_BACKLOG): Promise<RunningHttpServer> => {
  const server = http.createServer(expressRequestClasses(app), app);
  server.keepAliveTimeout = 65_000;
  return listenServer(server, port, host, backlog);
};

/** listen() for a server built elsewhere (the gateway's edge listener): the same port, backlog and close. */
export const listenServer = <Req extends RequestClass, Res extends ResponseClass<Req>>(
  server: http.Server<Req, Res>,
  port: number,
  host = '0.0.0.0',
  backlog = DEFAULT_LISTEN_BACKLOG,
): Promise<RunningHttpServer<Req, Res>> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, backlog, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: actual,
        url: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            // Long-lived connections (SSE) get a grace period, then are cut.
            setTimeout(() => server.closeAllConnections(), 5_000).unref();
          }),
      });
    });
  });
