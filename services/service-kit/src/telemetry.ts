import type { IncomingMessage } from 'node:http';
import type { ContextManager } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';

let sdk: NodeSDK | undefined;
let instrumentations: ReturnType<typeof getNodeAutoInstrumentations> = [];

/**
 * The SDK is required only once telemetry starts: sdk-node loads every exporter and the metrics and
 * logs SDKs, auto-instrumentations-node some forty instrumentations — 13.7 MB of live heap that a
 * process with OTEL_SDK_DISABLED=true would otherwise carry, and every full GC marks.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const loadSdk = () => ({
  NodeSDK: (require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node')).NodeSDK,
  getNodeAutoInstrumentations: (require('@opentelemetry/auto-instrumentations-node') as typeof import('@opentelemetry/auto-instrumentations-node'))
    .getNodeAutoInstrumentations,
});
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The sampler when OTEL_TRACES_SAMPLER is not set: a trace is started (sampled) for 1 request in
 * 10 at the edge, and every process follows its caller's decision (parent-based), so a trace is
 * whole or absent. Unsampled requests still carry their trace context (traceparent with the
 * sampled flag off) to every service, and their trace id reaches the logs.
 * Override with the standard variables, e.g. OTEL_TRACES_SAMPLER=parentbased_always_on while
 * debugging, or OTEL_TRACES_SAMPLER_ARG=0.01 on a busy platform.
 */
export const DEFAULT_TRACES_SAMPLER = 'parentbased_traceidratio';
export const DEFAULT_TRACES_SAMPLER_ARG = '0.1';

/**
 * Spans per export when OTEL_BSP_MAX_EXPORT_BATCH_SIZE is not set: 64, not the SDK's 512. An
 * export serialises its whole batch to protobuf in one go on the event loop: 512 spans took
 * 3–8 ms (50 ms cold) on a 2-core machine, a stall every request arriving meanwhile waits out —
 * the gateway's p99 at half the reference's capacity was 15.5 ms with 512 and 5.2 ms with 64 in
 * the same bench run (bench README § Gateway proxy). The batches go one after the other, each in
 * its own turn; the queue (OTEL_BSP_MAX_QUEUE_SIZE, 2,048) and the 5 s schedule stay the SDK's.
 */
export const DEFAULT_EXPORT_BATCH_SIZE = '64';

/**
 * The instrumentations that produce useful spans: requests in and out (http), gRPC calls, SQL and
 * Redis commands. Not express/router (a span per middleware), fs, dns, net, pino. Not amqplib: the
 * kit makes the broker spans itself (the relay's PRODUCER span, whose context the message carries;
 * the consumers' CONSUMER span continuing it; sse-fanout's fan-out span), and the instrumentation
 * only added a second span per publish and per delivery beside them, its publish span replacing
 * the relay's context in the message. OTEL_NODE_ENABLED_INSTRUMENTATIONS (the standard variable of
 * auto-instrumentations-node) replaces the list.
 */
export const DEFAULT_INSTRUMENTATIONS = ['http', 'grpc', 'pg', 'ioredis'] as const;

/** Probes every few seconds are not worth a span. */
const isProbe = (req: IncomingMessage) => req.url === '/healthz' || req.url === '/readyz';

/** Ends spans without sending them anywhere (the SDK needs one processor to create real spans). */
const discardingProcessor = {
  onStart: () => undefined,
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

const disabledByEnv = () => /^\s*true\s*$/i.test(process.env.OTEL_SDK_DISABLED ?? '');

/**
 * Starts OpenTelemetry before pg, ioredis, grpc and http servers/clients are loaded, so
 * their instrumentations patch them. The exporter stays off unless OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (then spans leave through the SDK's batch span processor, OTEL_BSP_* tune it); sampled spans
 * exist locally anyway, and every request's trace context propagates across services.
 * OTEL_SDK_DISABLED=true patches nothing at all.
 */
export interface TelemetryOptions {
  /**
   * false: no instrumentation-http at all (the gateway). Its server hook wraps every request's
   * emitters in the context and builds the span's attributes even for the requests the sampler
   * drops, and its client hook adds a second span per proxied call; the gateway starts its one
   * span per request itself and injects that span's context into its upstream requests
   * (propagation.inject), so trace context still reaches every service.
   */
  httpSpans?: boolean;
  /**
   * Replaces the SDK's AsyncLocalStorage context manager (whose async hooks run for every promise
   * and socket write once enabled). The gateway passes a synchronous one and re-enters each
   * request's context itself; services keep the default, their code relies on it across awaits.
   */
  contextManager?: ContextManager;
}

export const startTelemetry = (serviceName: string, options: TelemetryOptions = {}): void => {
  if (sdk || disabledByEnv()) return;
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  if (process.env.OTEL_TRACES_SAMPLER === undefined) {
    process.env.OTEL_TRACES_SAMPLER = DEFAULT_TRACES_SAMPLER;
    process.env.OTEL_TRACES_SAMPLER_ARG ??= DEFAULT_TRACES_SAMPLER_ARG;
  }
  process.env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE ??= DEFAULT_EXPORT_BATCH_SIZE;
  process.env.OTEL_NODE_ENABLED_INSTRUMENTATIONS ??= DEFAULT_INSTRUMENTATIONS.filter((name) => name !== 'http' || options.httpSpans !== false).join(',');
  const exporting = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT) && process.env.OTEL_TRACES_EXPORTER !== 'none';
  const { NodeSDK, getNodeAutoInstrumentations } = loadSdk();
  instrumentations = getNodeAutoInstrumentations({
    '@opentelemetry/instrumentation-http': {
      ignoreIncomingRequestHook: isProbe,
    },
    // Background work (outbox polling, health pings) would start a trace of its own per command.
    '@opentelemetry/instrumentation-pg': { requireParentSpan: true },
    '@opentelemetry/instrumentation-ioredis': { requireParentSpan: true },
  });
  sdk = new NodeSDK({
    // With an exporter (OTEL_EXPORTER_OTLP_ENDPOINT) the SDK builds it from the environment with a
    // batch span processor. Without a collector, still register a tracer provider (with a
    // processor that drops spans): trace ids for the logs and propagation, nothing exported.
    // OTEL_TRACES_EXPORTER=none alone would leave the no-op tracer, whose ids are all zeros.
    ...(exporting ? {} : { spanProcessors: [discardingProcessor] }),
    instrumentations,
    ...(options.contextManager ? { contextManager: options.contextManager } : {}),
  });
  sdk.start();
};

export const stopTelemetry = async (): Promise<void> => {
  if (!sdk) return;
  await sdk.shutdown().catch(() => undefined);
  // Unpatched too, so a test process that started telemetry leaves http and friends as it found them.
  for (const instrumentation of instrumentations) instrumentation.disable();
  instrumentations = [];
  sdk = undefined;
};
