import type { ErrorRequestHandler, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError, validationFailed } from './errors';
import { z } from 'zod';
import { toFieldDetails } from './validation';

/** The platform envelope of spec 02. */
export interface PlatformErrorBody {
  success: false;
  error: { code: string; message: string; details?: AppError['details']; fields?: Record<string, string>; errorId?: string };
}

/** The legacy shape of spec 01: `error` is always the text "Bad Request". */
export interface LegacyErrorBody {
  message: string;
  error: 'Bad Request';
  statusCode: number;
}

/** Express's body parsers throw errors carrying `status` and `type`; map them to the spec. */
const fromBodyParser = (err: unknown): AppError | undefined => {
  if (typeof err !== 'object' || err === null || !('type' in err)) return undefined;
  const e = err as { type?: string; status?: number; message?: string };
  if (e.type === 'entity.too.large') return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (e.type === 'entity.parse.failed')
    return validationFailed([{ field: '(body)', code: 'INVALID_JSON', message: 'Body is not valid JSON' }]);
  if (e.status && e.status >= 400 && e.status < 500) return new AppError(e.status, 'BAD_REQUEST', e.message ?? 'Bad request');
  return undefined;
};

export const toAppError = (err: unknown): AppError | undefined => {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return validationFailed(toFieldDetails(err));
  // Express decodes path parameters with decodeURIComponent: a malformed escape, or a lone
  // surrogate sent as WTF-8 (%ED%A0%80), throws a URIError — the client's error, never a 500.
  if (err instanceof URIError) {
    return validationFailed([{ field: '(path)', code: 'INVALID_ENCODING', message: 'The path is not valid percent-encoded UTF-8' }]);
  }
  return fromBodyParser(err);
};

export interface ErrorHandlerOptions {
  logger: Logger;
  production: boolean;
}

/**
 * The one handler: AppErrors become the envelope with their status; anything else is a defect,
 * logged with an errorId that the 500 body carries too. The body of a defect is always the same
 * generic message, in every NODE_ENV: a driver's message carries SQL, parameters and stack text,
 * which belong in the log line the errorId leads to, never in a response.
 */
export const platformErrorHandler = ({ logger }: ErrorHandlerOptions): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const appError = toAppError(err);
    if (appError) {
      if (appError.headers) res.set(appError.headers);
      const body: PlatformErrorBody = {
        success: false,
        error: { code: appError.code, message: appError.message },
      };
      if (appError.details) body.error.details = appError.details;
      if (appError.fields) body.error.fields = appError.fields;
      if (appError.httpStatus >= 500) logger.error({ err: appError, path: req.path }, 'request failed');
      res.status(appError.httpStatus).json(body);
      return;
    }
    const errorId = randomUUID();
    logger.error({ err, errorId, method: req.method, path: req.path }, 'unexpected error');
    res.status(500).json({
      success: false,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred',
        errorId,
      },
    } satisfies PlatformErrorBody);
  };

/** Spec 01's shape for the public catalog: `{ message, error: "Bad Request", statusCode }`. */
export const legacyErrorBody = (statusCode: number, message: string): LegacyErrorBody => ({
  message,
  error: 'Bad Request',
  statusCode,
});

export const legacyErrorHandler = ({ logger }: ErrorHandlerOptions): ErrorRequestHandler => (err, req, res, _next) => {
  const appError = toAppError(err);
  if (appError && appError.httpStatus < 500) {
    res.status(appError.httpStatus).json(legacyErrorBody(appError.httpStatus, appError.message));
    return;
  }
  const errorId = randomUUID();
  logger.error({ err, errorId, path: req.path }, 'unexpected error');
  res.status(500).json(legacyErrorBody(500, 'Unknown error has occurred.'));
};

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError(404, 'NOT_FOUND', `No route for ${req.method} ${req.path}`));
};
