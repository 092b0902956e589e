// Imported FIRST by main.ts: OpenTelemetry must patch http, express and ioredis before they load.
// The kit's startTelemetry lives in its telemetry module, which the kit's index does not export
// (and importing the index would load express first); so that one module is loaded by path,
// next to the kit's resolved entry point.
import path from 'node:path';

interface TelemetryModule {
  startTelemetry(serviceName: string): void;
  stopTelemetry(): Promise<void>;
}

const kitEntry = require.resolve('@storecast/service-kit');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const telemetry = require(path.join(path.dirname(kitEntry), 'telemetry')) as TelemetryModule;

telemetry.startTelemetry('gateway');

export const stopTelemetry = (): Promise<void> => telemetry.stopTelemetry();
