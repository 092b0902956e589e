import { startTelemetry } from '@storecast/service-kit/telemetry';

// A stream lives up to 30 minutes: an HTTP server span per stream would stay open that long for
// every player, and the express/router spans with it — measured in bench/README.md as about
// +8 KiB of memory per idle connection and a slower reconnect storm, for a span no trace needs.
// So this service does not trace HTTP; each event it fans out gets a span of its own (instance-queue.ts). Setting
// OTEL_NODE_DISABLED_INSTRUMENTATIONS (even to an empty value) overrides this.
process.env.OTEL_NODE_DISABLED_INSTRUMENTATIONS ??= 'http,express,router';

// Imported first by main.ts: the SDK (tracer provider, propagator) is in place before anything traces.
startTelemetry('sse-fanout');
