export { start, type StartedSseFanout, type SseFanoutDeps } from './server';
export { configSchema, loadSseFanoutConfig, type SseFanoutConfig } from './config';
export { STREAM_EVENT } from './app/stream-events';
