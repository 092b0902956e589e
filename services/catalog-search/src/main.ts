// Telemetry first: its instrumentations patch express, pg, amqplib and grpc, which every import
// below loads (imports run in order).
import './telemetry';
import { createLogger, runProcess } from '@storecast/service-kit';
import { loadCatalogSearchConfig } from './config';
import { start } from './server';

const config = loadCatalogSearchConfig();
const logger = createLogger('catalog-search', config.LOG_LEVEL);

void runProcess(logger, () => start(config, { logger }));
