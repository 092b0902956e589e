import './telemetry';
import { createLogger, runProcess } from '@storecast/service-kit';
import { loadSupportConfig } from './config';

const config = loadSupportConfig();
const logger = createLogger('support', config.LOG_LEVEL);

void runProcess(logger, async () => {
  // Loaded after telemetry started, so express/pg/grpc are instrumented.
  const { start } = require('./server') as typeof import('./server');
  return start(config, { logger });
});
