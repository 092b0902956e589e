import http, { type ClientRequest, type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { context, propagation, type TextMapSetter } from '@opentelemetry/api';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { AppError, serviceUnavailable } from '@storecast/service-kit';
import { UPSTREAM_ANSWERED } from '../http/response-marks';
import type { ErrorRenderer } from '../http/render-error';
import type { RouteEntry } from '../routes/route-table';

/** What the gateway decided about one request before handing it to the proxy. */
export interface ForwardContext {
  route: RouteEntry;
  /** Upstream base URL. */
  target: string;
  /** Largest body accepted (bytes); enforced while streaming for bodies without Content-Length. */
  bodyLimit: number;
  /** A body the gateway had to read (login); written to the upstream instead of the stream. */
  bufferedBody?: Buffer;
  /** Called with the upstream's status once its response headers arrive. */
  onUpstreamResponse?: (status: number) => void;
  /** Set internal state. */
  proxyReq?: ClientRequest;
  rejected?: boolean;
  timedOut?: boolean;
}

/** How the proxy arms its response-header timeouts; tests pass timers they fire by hand. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface UpstreamProxyOptions {
  renderError: ErrorRenderer;
  /** Longest wait for the upstream's response headers after the request body was sent. */
  timeoutMs: number;
  timers?: Timers;
}

export interface UpstreamProxy {
  forward(req: Request, res: Response, next: NextFunction, context: ForwardContext): void;
  close(): void;
}

/** A request being forwarded: what the proxy's callbacks need about it. */
export interface ForwardingRequest extends IncomingMessage {
  forwardContext?: ForwardContext;
}

class UpstreamTimeoutError extends Error {
  readonly code = 'UPSTREAM_TIMEOUT';
}

/**
 * The trace context of the gateway's request span (W3C traceparent/tracestate, sampled flag
 * included — an unsampled request still carries it, so the services log the same trace id), set
 * on the upstream request in place of whatever the client sent. The gateway starts no client span
 * per proxied call (src/telemetry.ts): the services' spans are children of its request span. With
 * telemetry off no propagator is registered and nothing is changed.
 */
const headerSetter: TextMapSetter<ClientRequest> = {
  set: (carrier, key, value) => carrier.setHeader(key, value),
};
const injectTraceContext = (proxyReq: ClientRequest, req: IncomingMessage) =>
  propagation.inject((req as Request).edge?.trace ?? context.active(), proxyReq, headerSetter);

export const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');

/**
 * Reverse proxy to the services (http-proxy-middleware 3 over one keep-alive agent — see
 * ARCHITECTURE § Performance rules). Bodies and responses stream through unbuffered (SSE, CSV,
 * audio); an upstream that refuses, resets or is unreachable becomes 503 SERVICE_UNAVAILABLE, one
 * that sends no response headers within timeoutMs after receiving the request becomes 504
 * GATEWAY_TIMEOUT. Once response headers were sent, a failure can only cut the connection.
 */
export const createUpstreamProxy = (options: UpstreamProxyOptions): UpstreamProxy => {
  const { renderError, timeoutMs } = options;
  const timers = options.timers ?? nodeTimers;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256, scheduling: 'lifo' });
  // The forward context rides on the request itself (a field the edge listener's request class
  // declares), not in a WeakMap: weak entries are ephemerons, extra work for every scavenge.
  const contextOf = (req: IncomingMessage) => (req as ForwardingRequest).forwardContext;

  const onProxyReq = (proxyReq: ClientRequest, req: IncomingMessage) => {
    const ctx = contextOf(req);
    if (!ctx) return;
    ctx.proxyReq = proxyReq;
    if (ctx.rejected) {
      proxyReq.destroy();
      return;
    }
    injectTraceContext(proxyReq, req);
    if (ctx.bufferedBody) {
      // The original stream is already consumed; http-proxy's pipe ends proxyReq right after this.
      proxyReq.removeHeader('transfer-encoding');
      proxyReq.setHeader('content-length', String(ctx.bufferedBody.length));
      proxyReq.write(ctx.bufferedBody);
    }
    let timer: unknown;
    proxyReq.once('finish', () => {
      timer = timers.setTimeout(() => {
        ctx.timedOut = true;
        proxyReq.destroy(new UpstreamTimeoutError(`no response within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const clear = () => {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    };
    proxyReq.once('response', clear);
    proxyReq.once('close', clear);
  };

  const onProxyRes = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    const ctx = contextOf(req);
    ctx?.onUpstreamResponse?.(proxyRes.statusCode ?? 0);
    // The answer is the upstream's (its request log line is the one that counts): see edge-listener.ts.
    const { locals } = res as Response;
    if (locals) locals[UPSTREAM_ANSWERED] = true;
    // A client that goes away (closed SSE stream, aborted download) releases the upstream too.
    res.on('close', () => {
      if (!res.writableEnded) proxyRes.destroy();
    });
  };

  const onError = (err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
    const ctx = contextOf(req);
    if (!(res instanceof ServerResponse)) {
      res.destroy();
      return;
    }
    if (ctx?.rejected) return;
    const service = ctx?.route.service ?? 'unknown';
    const error = ctx?.timedOut
      ? new AppError(504, 'GATEWAY_TIMEOUT', `The ${service} service did not answer in time`, { cause: err })
      : serviceUnavailable(`The ${service} service is unavailable`, err);
    renderError(req as Request, res as Response, ctx?.route.errorShape ?? 'platform', error);
  };

  const middleware = createProxyMiddleware<IncomingMessage, ServerResponse>({
    router: (req) => contextOf(req)?.target,
    agent,
    xfwd: false, // X-Forwarded-* are set by the gateway handler from the trusted client address
    changeOrigin: false, // services see the public Host (absolute URLs such as streamUrl)
    ejectPlugins: true, // no default text error page: errors render as the platform envelope
    plugins: [
      (proxyServer) => {
        proxyServer.on('proxyReq', onProxyReq);
        proxyServer.on('proxyRes', onProxyRes);
        proxyServer.on('error', onError);
        // The client went away before the upstream answered: nothing left to answer.
        proxyServer.on('econnreset', () => undefined);
      },
    ],
  });

  /** Counts a body without Content-Length while it streams; over the limit → 413 and both sides cut. */
  const guardStreamingBody = (req: Request, res: Response, ctx: ForwardContext) => {
    let received = 0;
    // Paused before the listener is added, so no chunk flows until http-proxy pipes the request.
    req.pause();
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= ctx.bodyLimit || ctx.rejected) return;
      ctx.rejected = true;
      req.unpipe();
      ctx.proxyReq?.destroy();
      res.setHeader('Connection', 'close');
      renderError(req, res, ctx.route.errorShape, payloadTooLarge());
    });
  };

  return {
    forward(req, res, next, ctx) {
      (req as ForwardingRequest).forwardContext = ctx;
      const hasStreamingBody = !ctx.bufferedBody && req.headers['transfer-encoding'] !== undefined;
      if (hasStreamingBody) guardStreamingBody(req, res, ctx);
      void middleware(req, res, next);
    },
    close() {
      agent.destroy();
    },
  };
};
