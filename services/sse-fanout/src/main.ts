// Telemetry first: its instrumentations patch express, amqplib and http, which every import
// below loads (imports run in order).
import './telemetry';
import { createLogger, runProcess } from '@storecast/service-kit';
import { loadSseFanoutConfig } from './config';
import { start } from './server';

const config = loadSseFanoutConfig();
const logger = createLogger('sse-fanout', config.LOG_LEVEL);

void runProcess(logger, () => start(config, { logger }));
