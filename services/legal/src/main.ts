// Process entry. Telemetry starts FIRST, before anything loads express, pg, amqplib or grpc,
// so the instrumentations can patch them; everything else is required after it.
import path from 'node:path';

// The kit exposes no telemetry entry point that avoids loading its index (which pulls in express,
// pg, grpc): load its telemetry module by file, next to the kit's resolved main.
const kitDir = path.dirname(require.resolve('@storecast/service-kit'));
const { startTelemetry } = require(path.join(kitDir, 'telemetry')) as { startTelemetry: (name: string) => void };
startTelemetry('legal');

/* eslint-disable @typescript-eslint/no-require-imports */
const kit = require('@storecast/service-kit') as typeof import('@storecast/service-kit');
const { loadLegalConfig } = require('./config') as typeof import('./config');
const { start } = require('./server') as typeof import('./server');

const logger = kit.createLogger('legal');
void kit.runProcess(logger, async () => {
  const config = loadLegalConfig();
  return start(config, { logger });
});
