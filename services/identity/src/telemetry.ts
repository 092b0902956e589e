// Imported first by main.ts: OpenTelemetry must patch http, express, pg, amqplib and grpc before they load.
import { startTelemetry } from '@storecast/service-kit/telemetry';

startTelemetry('identity');
