// Imported FIRST by main.ts: OpenTelemetry must patch http and ioredis before they load.
// The kit's telemetry subpath loads only the OpenTelemetry SDK (its index would load express).
import { startTelemetry, stopTelemetry } from '@storecast/service-kit/telemetry';

// One span per request (the incoming one); the proxy injects that span's context into the
// upstream request itself (src/proxy/upstream-proxy.ts), so no client span per proxied call.
startTelemetry('gateway', { outgoingHttpSpans: false });

export { stopTelemetry };
