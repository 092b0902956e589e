import { stopTelemetry } from './telemetry'; // first: instruments http/express/ioredis before they load
import { createLogger, runProcess } from '@storecast/service-kit/edge';
import { loadGatewayConfig } from './config';
import { start } from './server';

const logger = createLogger('gateway');

void runProcess(logger, async () => {
  const config = loadGatewayConfig();
  const gateway = await start(config, { logger });
  return {
    stop: async () => {
      await gateway.stop();
      await stopTelemetry();
    },
  };
});
