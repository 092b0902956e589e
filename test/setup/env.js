// Runs in every test worker before the test file.
process.env.NODE_ENV = process.env.NODE_ENV || 'test';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL || 'silent';
// No collector in tests: without these, SDK shutdown waits seconds for one.
process.env.OTEL_TRACES_EXPORTER = 'none';
process.env.OTEL_METRICS_EXPORTER = 'none';
process.env.OTEL_LOGS_EXPORTER = 'none';
