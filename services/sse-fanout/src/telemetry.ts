import { startTelemetry, SynchronousContextManager } from '@storecast/service-kit/telemetry';

// A stream lives up to 30 minutes: an HTTP server span per stream would stay open that long for
// every player, and the express/router spans with it — measured in bench/README.md as about
// +8 KiB of memory per idle connection and a slower reconnect storm, for a span no trace needs.
// So this service does not trace HTTP; the broker consumer (amqplib) spans stay. Setting
// OTEL_NODE_DISABLED_INSTRUMENTATIONS (even to an empty value) overrides this.
process.env.OTEL_NODE_DISABLED_INSTRUMENTATIONS ??= 'http,express,router';

// The context manager is synchronous (no async hooks on every socket write of thousands of
// streams): the one span kind left, the consumer's, wraps a handler that runs to its end without
// awaiting (events/instance-queue.ts), and that is where its trace id reaches the logs.
// Imported first by main.ts: instrumentations must patch amqplib before it loads.
startTelemetry('sse-fanout', { contextManager: new SynchronousContextManager() });
