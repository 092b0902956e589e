// Imported FIRST by main.ts: OpenTelemetry must patch http and ioredis before they load.
// The kit's telemetry subpath loads only the OpenTelemetry SDK (its index would load express).
import { startTelemetry, stopTelemetry } from '@storecast/service-kit/telemetry';
import { SynchronousContextManager } from './synchronous-context-manager';

// One span per routed request, started by the edge listener (src/http/request-span.ts), whose
// context the proxy injects into the upstream request (src/proxy/upstream-proxy.ts): no
// instrumentation-http (no second span per proxied call, no per-request emitter binding). The
// context manager is synchronous (no async hooks): the gateway re-enters a request's trace itself
// (http/request-span.ts `inRequestTrace`) where it calls Redis or gRPC, or logs.
startTelemetry('gateway', { httpSpans: false, contextManager: new SynchronousContextManager() });

export { stopTelemetry };
