import { startTelemetry } from '@storecast/service-kit/telemetry';

// Imported first by main.ts: instrumentations must patch http, grpc, pg and ioredis before they load.
startTelemetry('legal');
