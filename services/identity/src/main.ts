import './telemetry';
import { createLogger, runProcess } from '@storecast/service-kit';
import { loadIdentityConfig } from './config';

const config = loadIdentityConfig();
const logger = createLogger('identity', config.LOG_LEVEL);

void runProcess(logger, async () => {
  // Loaded after telemetry started, so express/pg/grpc are instrumented.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { start } = require('./server') as typeof import('./server');
  return start(config, { logger });
});
