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
  });
