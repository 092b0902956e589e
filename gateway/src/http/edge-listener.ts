import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import http, { type OutgoingHttpHeader, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { AppError, listenServer, type Logger, type RunningHttpServer } from '@storecast/service-kit/edge';
import type { GatewayHandler } from './gateway.handler';
import type { ErrorRenderer } from './render-error';
import { UPSTREAM_ANSWERED } from './response-marks';
import type { Context } from '@opentelemetry/api';
import { endRequestSpan, inRequestTrace, startRequestSpan } from './request-span';
import { headHeaders, type StaticHeaders } from './static-headers';

// An incoming id is echoed into logs, headers and every service's logs: only a short, plain one is kept.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface EdgeListenerOptions {
  /** Everything the route table does not send anywhere: probes, /openapi.json, docs, 404. */
  app: Express;
  handler: GatewayHandler;
  logger: Logger;
  renderError: ErrorRenderer;
  /**
   * Headers every routed response gets (helmet's), written with the response head where the
   * response did not set the name itself. The express app applies the same through its middleware.
   */
  staticHeaders: StaticHeaders;
  /** Synchronous header middlewares run before a routed request is handled (no-store on token responses). */
  headers: RequestHandler[];
}

interface EdgeState {
  requestId: string;
  upstream: string;
  log: Logger | undefined;
  /** The request span's context: injected into the upstream request (traceparent). */
  trace: Context;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The gateway's per-request state (edge listener); absent on requests the express app serves. */
    edge?: EdgeState;
  }
}

const noop = () => undefined;

/**
 * The gateway's HTTP entry. A request the route table sends somewhere skips express's router and
 * the kit's middleware stack (one layer each per request) and goes straight to the gateway
 * handler, with what those layers gave it: express's request/response methods (req.ip with the
 * trust-proxy setting, res.status().json()), X-Request-Id (the caller's if plain, else a new UUID),
 * the header middlewares, one log line per request. Anything else goes to the express app.
 *
 * Requests and responses are born with express's prototypes (the server's IncomingMessage and
 * ServerResponse classes inherit from app.request / app.response) instead of getting them by
 * Object.setPrototypeOf per request as app.handle does: objects whose prototype changes after
 * construction take slow paths for every later property access.
 *
 * X-Request-Id and the static headers join a routed response when its head is written (writeHead,
 * which every way of answering ends in), where the response did not set the name: a proxied answer
 * hands writeHead the upstream's headers as one list, and Node writes list and additions in one
 * pass, instead of keeping a lower-cased name and a [name, value] pair per header set one by one
 * (setHeader) — 13 of those per request were a tenth of the gateway's allocated bytes.
 *
 * The log line of a request answered by its upstream is at `debug`: the service logs the same
 * request with the same X-Request-Id, and an `info` line per proxied request was a tenth of the
 * gateway's CPU time. Answers the gateway makes itself (refusals 401/403/404/413/429, 503/504 of an
 * upstream that failed) stay at `info`.
 */
export const listenEdge = (options: EdgeListenerOptions, port: number, host = '0.0.0.0'): Promise<Pick<RunningHttpServer, 'port' | 'url' | 'close'>> => {
  const { app, handler, logger, renderError, staticHeaders, headers } = options;

  class EdgeRequest extends http.IncomingMessage {
    edge: EdgeState | undefined = undefined;
    res: ServerResponse | undefined = undefined;
  }
  class EdgeResponse extends http.ServerResponse<EdgeRequest> {
    locals: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    /** A routed response's X-Request-Id, written with its head (below); unset on the express app's. */
    requestId: string | undefined = undefined;

    override writeHead(statusCode: number, reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], given?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
      const { requestId } = this;
      const phrase = typeof reason === 'string' ? reason : undefined;
      const list = phrase === undefined && reason !== undefined ? (reason as OutgoingHttpHeaders | OutgoingHttpHeader[]) : given;
      if (requestId === undefined) return super.writeHead(statusCode, phrase, list);
      const flat = list === undefined || (Array.isArray(list) && !Array.isArray(list[0]));
      if (flat && this.getHeaderNames().length === 0) {
        return super.writeHead(statusCode, phrase, headHeaders(staticHeaders, requestId, list as OutgoingHttpHeader[] | undefined));
      }
      // Headers were set one by one (an answer the gateway made itself): the missing ones join them.
      if (!this.hasHeader('x-request-id')) this.setHeader('x-request-id', requestId);
      for (const [name, value] of staticHeaders.entries) if (!this.hasHeader(name)) this.setHeader(name, value);
      if (!Array.isArray(list)) return super.writeHead(statusCode, phrase, list);
      // A list repeats a name for repeated lines (Set-Cookie): appended, not set over (Node 20's writeHead would).
      const seen = new Set<string>();
      const add = (name: string, value: OutgoingHttpHeader) => {
        const lower = name.toLowerCase();
        if (seen.has(lower)) this.appendHeader(name, value as string | readonly string[]);
        else this.setHeader(name, value);
        seen.add(lower);
      };
      if (flat) for (let i = 0; i < list.length; i += 2) add(String(list[i]), list[i + 1]!);
      else for (const [name, value] of list as unknown as Array<[string, OutgoingHttpHeader]>) add(name, value);
      return super.writeHead(statusCode, phrase);
    }
  }
  Object.setPrototypeOf(EdgeRequest.prototype, app.request);
  Object.setPrototypeOf(EdgeResponse.prototype, app.response);
  // A lazy `log`: the child logger with the request id is built only when something logs.
  Object.defineProperty(EdgeRequest.prototype, 'log', {
    configurable: true,
    get(this: EdgeRequest) {
      const edge = this.edge;
      if (!edge) return logger;
      edge.log ??= logger.child({ requestId: edge.requestId, upstream: edge.upstream });
      return edge.log;
    },
    set(this: EdgeRequest, value: Logger) {
      // The express app's request context sets its own child logger on requests it serves.
      if (this.edge) this.edge.log = value;
      else Object.defineProperty(this, 'log', { value, writable: true, configurable: true, enumerable: true });
    },
  });
  const debugEnabled = () => logger.isLevelEnabled('debug');

  const listener = (req: EdgeRequest, res: EdgeResponse): void => {
    const url = req.url ?? '';
    const routed = url.charCodeAt(0) === 47 /* "/" */ ? handler.resolve(url) : undefined;
    if (!routed) {
      app(req, res);
      return;
    }
    const request = req as unknown as Request;
    const response = res as unknown as Response;
    req.res = res;

    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.requestId = requestId;
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const { span, context: traceContext } = startRequestSpan(req, routed.route, path);
    req.edge = { requestId, upstream: routed.route.service, log: undefined, trace: traceContext };

    const started = performance.now();
    res.once('close', () => {
      endRequestSpan(span, res.statusCode, res.writableFinished);
      const answered = res.locals[UPSTREAM_ANSWERED] === true;
      if (answered && !debugEnabled()) return;
      const line = {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      // In the request's trace context, so the line carries its trace id (kit logger mixin).
      inRequestTrace(request, () => {
        if (answered) request.log.debug(line, 'request');
        else request.log.info(line, 'request');
      });
    });

    for (const h of headers) h(request, response, noop);
    const next: NextFunction = (err?: unknown) =>
      renderError(request, response, routed.route.errorShape, err ?? new AppError(404, 'NOT_FOUND', 'No such endpoint'));
    // The handler runs in the span's context: its Redis and gRPC calls are children of the span
    // and its log lines carry the trace id.
    inRequestTrace(request, () => void handler.handle(request, response, routed, next));
  };

  const server = http.createServer({ IncomingMessage: EdgeRequest, ServerResponse: EdgeResponse }, listener);
  server.keepAliveTimeout = 65_000;
  return listenServer(server, port, host);
};
