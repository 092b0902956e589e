import { currentLanguage, type Language } from '../i18n';
import { ERROR_MESSAGES, FIELD_MESSAGES } from './error-messages';

export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

/** An answer of the platform's error envelope (or a network failure), as the pages handle it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
    readonly retryAfterSeconds: number | null = null,
    readonly errorId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

/** The status a response without an envelope means (body limits, proxies: spec 02 § Errors). */
const codeOfStatus = (status: number): string =>
  status === 413 ? 'PAYLOAD_TOO_LARGE'
  : status === 429 ? 'RATE_LIMITED'
  : status === 503 ? 'SERVICE_UNAVAILABLE'
  : status === 504 ? 'GATEWAY_TIMEOUT'
  : status === 404 ? 'NOT_FOUND'
  : status === 403 ? 'FORBIDDEN'
  : status >= 500 ? 'INTERNAL_ERROR'
  : 'UNKNOWN_ERROR';

export const apiErrorFrom = (status: number, body: unknown, headers?: Headers): ApiError => {
  const retry = headers?.get('retry-after');
  const retryAfter = retry && /^\d+$/.test(retry) ? Number(retry) : null;
  const envelope = (body as { error?: { code?: unknown; message?: unknown; details?: unknown; errorId?: unknown } } | undefined)?.error;
  if (envelope && typeof envelope.code === 'string') {
    const details = Array.isArray(envelope.details) ? (envelope.details as FieldProblem[]) : [];
    return new ApiError(status, envelope.code, String(envelope.message ?? envelope.code), details, retryAfter, typeof envelope.errorId === 'string' ? envelope.errorId : null);
  }
  return new ApiError(status, codeOfStatus(status), `HTTP ${status}`, [], retryAfter);
};

export const networkError = (cause?: unknown): ApiError => {
  const err = new ApiError(0, 'NETWORK_ERROR', 'network unavailable');
  (err as { cause?: unknown }).cause = cause;
  return err;
};

/** The sentence a person reads for an error, in their language. */
export const describeError = (error: unknown, language: Language = currentLanguage()): string => {
  if (!(error instanceof ApiError)) return ERROR_MESSAGES.UNKNOWN_ERROR![language];
  const sentence = ERROR_MESSAGES[error.code]?.[language] ?? ERROR_MESSAGES[codeOfStatus(error.status)]?.[language] ?? ERROR_MESSAGES.UNKNOWN_ERROR![language];
  const text = sentence.replace('{{seconds}}', String(error.retryAfterSeconds ?? 60));
  return error.errorId ? `${text} (${error.errorId})` : text;
};

/** Field name → sentence, from a VALIDATION_FAILED answer's details. */
export const fieldErrors = (error: unknown, language: Language = currentLanguage()): Record<string, string> => {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const d of error.details) {
    const field = d.field.replace(/^body\./, '');
    out[field] ??= FIELD_MESSAGES[d.code]?.[language] ?? ERROR_MESSAGES.VALIDATION_FAILED![language];
  }
  return out;
};
