import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { type Context, context as otelContext, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RouteEntry } from '../routes/route-table';

/**
 * The gateway's one span per routed request, started by the edge listener itself rather than by
 * instrumentation-http's server hook (which wraps every request's emitters in the context and
 * builds a dozen attributes even for the 9 requests in 10 the sampler drops; it was half of the
 * gateway's tracing cost). The caller's `traceparent`/`tracestate` (and baggage) continue through
 * the registered propagators; the sampler is the SDK's (OTEL_TRACES_SAMPLER*). Attributes are
 * built only for a recording (sampled) span. With OTEL_SDK_DISABLED=true the API is the no-op one:
 * nothing is recorded and nothing is injected.
 */
const tracer = trace.getTracer('@storecast/gateway');

export interface RequestSpan {
  span: Span;
  /** The caller's context with this span in it: what the proxy injects into the upstream request. */
  context: Context;
}

export const startRequestSpan = (req: IncomingMessage, route: RouteEntry, path: string): RequestSpan => {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const method = req.method ?? 'GET';
  const span = tracer.startSpan(`${method} ${route.pattern.source}`, { kind: SpanKind.SERVER }, parent);
  if (span.isRecording()) {
    span.setAttributes({
      'http.request.method': method,
      'http.route': route.pattern.source,
      'url.path': path,
      'url.scheme': 'http',
      'server.address': req.headers.host,
      'client.address': req.socket.remoteAddress,
      'user_agent.original': req.headers['user-agent'],
      'network.protocol.version': req.httpVersion,
      'storecast.upstream': route.service,
    });
  }
  return { span, context: trace.setSpan(parent, span) };
};

/** Status as the client saw it; a 5xx or a response cut before its end marks the span as an error. */
export const endRequestSpan = (span: Span, status: number, finished: boolean): void => {
  if (span.isRecording()) {
    span.setAttribute('http.response.status_code', status);
    if (status >= 500 || !finished) span.setStatus({ code: SpanStatusCode.ERROR, message: finished ? undefined : 'response not completed' });
  }
  span.end();
};

/**
 * Runs fn in the request's trace context (its span active): the context manager is synchronous
 * (src/synchronous-context-manager.ts), so code that runs after an await or in a callback calls
 * this before anything that makes a span (Redis, gRPC) or logs (the trace id in the line). A
 * request the express app serves has no trace of its own: fn runs as is.
 */
export const inRequestTrace = <T>(req: Request, fn: () => T): T => {
  const trace = req.edge?.trace;
  return trace ? otelContext.with(trace, fn) : fn();
};
