import type { Request, Response } from 'express';
import { AppError, legacyErrorBody, type Logger, platformErrorHandler, toAppError } from '@storecast/service-kit/edge';
import { inRequestTrace } from './request-span';

export type ErrorShape = 'platform' | 'legacy';

export type ErrorRenderer = (req: Request, res: Response, shape: ErrorShape, err: unknown) => void;

/**
 * Writes an error in the route's shape: the kit's platform envelope for /api/v1/**, spec 01's
 * `{ message, error: "Bad Request", statusCode }` for the public catalog and search API.
 * Used where no express `next` is at hand (proxy callbacks) and for legacy routes.
 */
export const createErrorRenderer = (logger: Logger, production: boolean): ErrorRenderer => {
  // Expected errors (AppError: 401, 429, 503 upstream down…) get one concise warn line for 5xx
  // (the kit's handler would log a stack trace per upstream failure); defects go to the kit's handler.
  const expected = platformErrorHandler({ logger: logger.child({}, { level: 'silent' }), production });
  const unexpected = platformErrorHandler({ logger, production });
  const render: ErrorRenderer = (req, res, shape, err) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof AppError && err.httpStatus >= 500) {
      const cause = err.cause as { code?: string; message?: string } | undefined;
      (req.log ?? logger).warn({ code: err.code, reason: err.message, causeCode: cause?.code, cause: cause?.message }, 'request failed');
    }
    if (shape === 'platform') {
      (err instanceof AppError ? expected : unexpected)(err, req, res, () => undefined);
      return;
    }
    const appError = toAppError(err);
    if (!appError) {
      logger.error({ err, path: req.path }, 'unexpected error');
      res.status(500).json(legacyErrorBody(500, 'Unknown error has occurred.'));
      return;
    }
    if (appError.headers) res.set(appError.headers);
    res.status(appError.httpStatus).json(legacyErrorBody(appError.httpStatus, appError.message));
  };
  // In the request's trace: the lines above carry its trace id wherever the failure surfaced.
  return (req, res, shape, err) => inRequestTrace(req, () => render(req, res, shape, err));
};
