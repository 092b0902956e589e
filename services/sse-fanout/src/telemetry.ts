import { startTelemetry } from '@storecast/service-kit/telemetry';

// Imported first by main.ts: instrumentations must patch express, amqplib and http before they load.
startTelemetry('sse-fanout');
