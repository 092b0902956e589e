import pino, { type Logger } from 'pino';
import { trace } from '@opentelemetry/api';

export type { Logger } from 'pino';

/**
 * Paths never written to logs. Tokens and passwords appear in bodies, headers and query strings;
 * pino's redaction replaces them wherever a log line carries them.
 */
export const REDACT_PATHS = [
  'password', '*.password', '*.*.password',
  'currentPassword', '*.currentPassword', 'newPassword', '*.newPassword', 'tempPassword', '*.tempPassword', '*.*.tempPassword',
  'token', '*.token', 'accessToken', '*.accessToken', 'refreshToken', '*.refreshToken',
  'exchangeToken', '*.exchangeToken', 'apiKey', '*.apiKey', 'ticket', '*.ticket',
  'authorization', '*.authorization', '*.headers.authorization', '*.headers.cookie', '*.headers["x-api-key"]',
  '*.headers["x-upload-ticket"]', 'privateKey', '*.privateKey', 'JWT_PRIVATE_KEY',
];

/** Bytes of log lines held before they are written; lines wait at most LOG_FLUSH_MS. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 250;

let stdout: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output, buffered: a request's log line was one synchronous write (a system call, and a
 * wake-up of whatever reads the pipe) on every request — 0.2 ms of the catalog API's page in
 * bench/catalog-paging.bench.mjs. Lines now go out once 4 KiB are waiting or 250 ms have passed,
 * and pino writes what is left synchronously when the process exits, however it exits. One
 * destination per process, shared by every logger (tests start many services in one process).
 */
const bufferedStdout = () =>
  (stdout ??= pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }));

export const createLogger = (service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    name: service,
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line carries the active trace, so logs and traces join up.
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const ctx = span.spanContext();
      return { traceId: ctx.traceId, spanId: ctx.spanId };
    },
  }, level === 'silent' ? undefined : bufferedStdout());
