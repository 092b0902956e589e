// Telemetry first: it must patch http, express, pg, amqplib and grpc before they load.
import './telemetry';
import { createLogger, runProcess } from '@storecast/service-kit';
import { loadIdentityConfig } from './config';
import { start } from './server';

const logger = createLogger('identity');
void runProcess(logger, async () => start(loadIdentityConfig(), { logger: createLogger('identity', process.env.LOG_LEVEL ?? 'info') }));
