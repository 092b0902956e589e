import { startTelemetry } from '@storecast/service-kit/telemetry';

// Imported first by main.ts: instrumentations must patch express, pg, amqplib and grpc before they load.
startTelemetry('playback');
