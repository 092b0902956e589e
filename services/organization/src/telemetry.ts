/**
 * Imported first by main.ts: OpenTelemetry must start before express, pg, amqplib and grpc load.
 * The kit's startTelemetry lives in dist/telemetry.js but is neither re-exported nor listed in the
 * kit's "exports" (importing the kit index would load express/pg first), so it is required by
 * its path next to the kit's entry point. (Kit gap, reported.)
 */
import path from 'node:path';

const kitEntry = require.resolve('@storecast/service-kit');
const { startTelemetry } = require(path.join(path.dirname(kitEntry), 'telemetry.js')) as { startTelemetry: (name: string) => void };
startTelemetry('organization');
