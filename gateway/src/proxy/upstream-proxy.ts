import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { context, propagation, type TextMapSetter } from '@opentelemetry/api';
import { Agent, type Dispatcher } from 'undici';
import { AppError, serviceUnavailable } from '@storecast/service-kit/edge';
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
  forward(req: Request, res: Response, context: ForwardContext): void;
  /** Cuts every upstream connection, open streams included. */
  close(): Promise<void>;
}

export const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');

/**
 * Headers of one connection, not of the message (RFC 9110 § 7.6.1), in either direction; `expect`
 * too: Node's server already answered a client's `100-continue`, and undici refuses the header.
 * Node's server and undici write their own framing (Content-Length or chunked) for what they send.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect']);

/** An upstream base URL split once: undici dispatches to an origin; a base path prefixes the request target. */
interface Upstream {
  origin: string;
  basePath: string;
}

class UpstreamTimeoutError extends Error {
  readonly code = 'UPSTREAM_TIMEOUT';
}
class ClientGoneError extends Error {
  readonly code = 'CLIENT_GONE';
}
class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE';
}

/**
 * The trace context of the gateway's request span (W3C traceparent/tracestate, sampled flag
 * included — an unsampled request still carries it, so the services log the same trace id), set
 * on the upstream request in place of whatever the client sent. The gateway starts no client span
 * per proxied call (src/telemetry.ts): the services' spans are children of its request span. With
 * telemetry off no propagator is registered and nothing is changed.
 */
const headerSetter: TextMapSetter<Record<string, string | string[]>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/**
 * Names a Connection header lists are hop-by-hop too (RFC 9110 § 7.6.1); the usual `keep-alive` or
 * `close` alone lists none, so most requests skip the parse.
 */
const connectionOptions = (value: string | string[] | undefined): Set<string> | undefined => {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value.join(',') : value;
  const lower = text.toLowerCase();
  if (lower === 'keep-alive' || lower === 'close') return undefined;
  return new Set(lower.split(',').map((name) => name.trim()));
};

/** The request headers the upstream gets: the client's (as the gateway handler left them) without hop-by-hop ones. */
const forwardHeaders = (req: Request, ctx: ForwardContext): Record<string, string | string[]> => {
  const out = Object.create(null) as Record<string, string | string[]>;
  const headers: IncomingHttpHeaders = req.headers;
  const listed = connectionOptions(headers.connection);
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name) && !listed?.has(name)) out[name] = value;
  }
  if (ctx.bufferedBody) out['content-length'] = String(ctx.bufferedBody.length);
  propagation.inject(req.edge?.trace ?? context.active(), out, headerSetter);
  return out;
};

/**
 * The upstream's response headers for writeHead, as one list (name, value, name, value…, names lower
 * case): a repeated header (Set-Cookie) stays repeated lines. The edge's writeHead adds X-Request-Id
 * and the static headers where the list does not carry them (src/http/edge-listener.ts).
 */
const responseHeaders = (raw: Buffer[]): string[] => {
  const out: string[] = [];
  let connection: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    const value = raw[i + 1]!.toString('latin1');
    if (name === 'connection') connection = connection === undefined ? value : `${connection},${value}`;
    if (!HOP_BY_HOP.has(name)) out.push(name, value);
  }
  const listed = connectionOptions(connection);
  if (!listed) return out;
  const kept: string[] = [];
  for (let i = 0; i < out.length; i += 2) if (!listed.has(out[i]!)) kept.push(out[i]!, out[i + 1]!);
  return kept;
};

/**
 * The request body as undici reads it. The client's request is iterated without being destroyed
 * when the upstream side fails (a destroyed request would cut the client's socket before the
 * gateway's 503 or 413 reaches it). A body without Content-Length is counted as it streams: past
 * the route's limit the upstream request is aborted (never completed with a truncated body).
 */
async function* requestBody(req: IncomingMessage, limit: number, counted: boolean, onTooLarge: () => void): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    if (counted) {
      received += chunk.length;
      if (received > limit) {
        onTooLarge();
        throw new BodyTooLargeError(`request body over ${limit} bytes`);
      }
    }
    yield chunk;
  }
}

const hasBody = (req: IncomingMessage): boolean => {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

/**
 * One forwarded request, as undici's dispatch handler: the upstream's response is written to the
 * client as it arrives (SSE, CSV, audio stream through unbuffered, with back-pressure both ways).
 */
class ForwardHandler implements Dispatcher.DispatchHandlers {
  private abortUpstream: ((err?: Error) => void) | undefined = undefined;
  /** An abort asked for before undici connected the request: applied in onConnect. */
  private pendingAbort: Error | undefined = undefined;
  private resume: (() => void) | undefined = undefined;
  private timer: unknown = undefined;
  private timedOut = false;
  /** The upstream's response headers arrived (possibly before the request body was all sent). */
  private answered = false;
  /** Answered by the gateway itself (413 while streaming): the upstream's outcome no longer matters. */
  private rejected = false;
  private done = false;

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly ctx: ForwardContext,
    private readonly proxy: ProxySettings,
  ) {
    // A client that goes away (closed SSE stream, aborted download) releases the upstream too.
    res.once('close', () => {
      if (!this.done) this.abort(new ClientGoneError('the client went away'));
    });
  }

  private abort(err: Error): void {
    if (this.done) return;
    if (this.abortUpstream) this.abortUpstream(err);
    else this.pendingAbort = err;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.proxy.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The body was over the route's limit while streaming: 413 to the client, the upstream cut. */
  readonly tooLarge = (): void => {
    if (this.rejected || this.res.headersSent) return;
    this.rejected = true;
    this.res.setHeader('Connection', 'close');
    this.proxy.renderError(this.req, this.res, this.ctx.route.errorShape, payloadTooLarge());
  };

  private readonly onDrain = (): void => this.resume?.();

  onConnect(abort: (err?: Error) => void): void {
    this.abortUpstream = abort;
    if (this.pendingAbort) abort(this.pendingAbort);
  }

  onRequestSent(): void {
    // Only the wait for response headers is bounded: a stream may then stay open for hours.
    if (this.answered) return;
    this.timer = this.proxy.timers.setTimeout(() => {
      this.timer = undefined;
      this.timedOut = true;
      this.abort(new UpstreamTimeoutError(`no response within ${this.proxy.timeoutMs} ms`));
    }, this.proxy.timeoutMs);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    if (statusCode < 200) return true; // 1xx: informational, the final answer follows
    this.answered = true;
    this.clearTimer();
    const { res, ctx } = this;
    if (this.rejected || res.destroyed) return true;
    ctx.onUpstreamResponse?.(statusCode);
    // The answer is the upstream's (its request log line is the one that counts): see edge-listener.ts.
    res.locals[UPSTREAM_ANSWERED] = true;
    res.writeHead(statusCode, statusText, responseHeaders(rawHeaders));
    this.resume = resume;
    return true;
  }

  onData(chunk: Buffer): boolean {
    const { res } = this;
    if (this.rejected || res.destroyed) return true;
    if (res.write(chunk)) return true;
    // The client reads slower than the upstream sends: undici pauses the upstream until it drains.
    res.once('drain', this.onDrain);
    return false;
  }

  onComplete(): void {
    this.done = true;
    this.clearTimer();
    if (!this.rejected) this.res.end();
  }

  onError(err: Error): void {
    this.done = true;
    this.clearTimer();
    const { req, res, ctx } = this;
    if (this.rejected || res.destroyed || err instanceof ClientGoneError) return;
    if (res.headersSent) {
      // Once response headers were sent, a failure can only cut the connection.
      res.destroy(err);
      return;
    }
    const service = ctx.route.service;
    const error = this.timedOut
      ? new AppError(504, 'GATEWAY_TIMEOUT', `The ${service} service did not answer in time`, { cause: err })
      : serviceUnavailable(`The ${service} service is unavailable`, err);
    this.proxy.renderError(req, res, ctx.route.errorShape, error);
  }
}

interface ProxySettings {
  renderError: ErrorRenderer;
  timeoutMs: number;
  timers: Timers;
}

/**
 * Reverse proxy to the services over undici (one keep-alive pool per service; decision 0010 on why
 * not http-proxy-middleware). Bodies and responses stream through unbuffered (SSE, CSV, audio); an
 * upstream that refuses, resets or is unreachable becomes 503 SERVICE_UNAVAILABLE, one that sends
 * no response headers within timeoutMs after receiving the request becomes 504 GATEWAY_TIMEOUT.
 * Once response headers were sent, a failure can only cut the connection.
 */
export const createUpstreamProxy = (options: UpstreamProxyOptions): UpstreamProxy => {
  const { renderError, timeoutMs } = options;
  const settings: ProxySettings = { renderError, timeoutMs, timers: options.timers ?? nodeTimers };
  // No undici timeouts: the header wait is the gateway's own (above, from the request's end);
  // a response body (an SSE stream) may stay quiet far longer than any fixed limit.
  const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0, connections: null, pipelining: 1 });
  const upstreams = new Map<string, Upstream>();
  const upstreamOf = (target: string): Upstream => {
    let upstream = upstreams.get(target);
    if (!upstream) {
      const url = new URL(target);
      upstream = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
      upstreams.set(target, upstream);
    }
    return upstream;
  };

  return {
    forward(req, res, ctx) {
      const { origin, basePath } = upstreamOf(ctx.target);
      const handler = new ForwardHandler(req, res, ctx, settings);
      const streamed = !ctx.bufferedBody && hasBody(req);
      const body = ctx.bufferedBody ?? (streamed ? Readable.from(requestBody(req, ctx.bodyLimit, req.headers['content-length'] === undefined, handler.tooLarge), { objectMode: false }) : null);
      // undici reports everything through the handler (onError); it refuses no header Node's parser let in.
      agent.dispatch(
        { origin, path: basePath + (req.url ?? '/'), method: req.method as Dispatcher.HttpMethod, headers: forwardHeaders(req, ctx), body },
        handler,
      );
    },
    // Streams still open (SSE) are cut: the gateway is going away.
    close: () => agent.destroy(),
  };
};
