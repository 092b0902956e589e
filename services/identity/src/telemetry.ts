import path from 'node:path';

/**
 * Starts OpenTelemetry before anything loads express, pg, amqplib or grpc. The kit's telemetry
 * module is not reachable through its package exports ("." and "./testing" only, and "." loads
 * express), so it is required by file path next to the kit's resolved entry point.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const kit = require(path.join(path.dirname(require.resolve('@storecast/service-kit')), 'telemetry')) as {
  startTelemetry(serviceName: string): void;
};
kit.startTelemetry('identity');
