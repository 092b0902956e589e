// Imported FIRST by main.ts: OpenTelemetry must patch http, express and ioredis before they load.
// The kit's telemetry subpath loads only the OpenTelemetry SDK (its index would load express).
import { startTelemetry, stopTelemetry } from '@storecast/service-kit/telemetry';

startTelemetry('gateway');

export { stopTelemetry };
