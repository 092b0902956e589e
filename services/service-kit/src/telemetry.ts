import { NodeSDK } from '@opentelemetry/sdk-node';
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';

let sdk: NodeSDK | undefined;

/** Ends spans without sending them anywhere (the SDK needs one processor to create real spans). */
const discardingProcessor = {
  onStart: () => undefined,
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * Starts OpenTelemetry before express, pg, amqplib, ioredis and grpc are loaded, so their
 * instrumentations patch them. The exporter stays off unless OTEL_EXPORTER_OTLP_ENDPOINT is set;
 * spans still exist locally so trace ids reach the logs and propagate across services.
 */
export const startTelemetry = (serviceName: string): void => {
  if (sdk) return;
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const exporting = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT) && process.env.OTEL_TRACES_EXPORTER !== 'none';
  sdk = new NodeSDK({
    // Without a collector, still register a tracer provider (with no processor): spans get real
    // trace ids for the logs and for propagation, and nothing is exported. OTEL_TRACES_EXPORTER
    // =none alone would leave the no-op tracer, whose ids are all zeros.
    ...(exporting ? {} : { spanProcessors: [discardingProcessor] }),
    instrumentations: [
      getNodeAutoInstrumentations({
        // fs and dns spans are noise for this system.
        '@opentelemetry/instrumentation-fs': { enabled: false },
        '@opentelemetry/instrumentation-dns': { enabled: false },
        '@opentelemetry/instrumentation-net': { enabled: false },
        // The kit's logger adds traceId/spanId itself (also where telemetry is off, as in tests).
        '@opentelemetry/instrumentation-pino': { enabled: false },
      }),
    ],
  });
  sdk.start();
};

export const stopTelemetry = async (): Promise<void> => {
  if (!sdk) return;
  await sdk.shutdown().catch(() => undefined);
  sdk = undefined;
};
