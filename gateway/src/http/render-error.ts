import type { Request, Response } from 'express';
import { legacyErrorBody, Logger, platformErrorHandler, toAppError } from '@storecast/service-kit';

export type ErrorShape = 'platform' | 'legacy';

export type ErrorRenderer = (req: Request, res: Response, shape: ErrorShape, err: unknown) => void;

/**
 * Writes an error in the route's shape: the kit's platform envelope for /api/v1/**, spec 01's
 * `{ message, error: "Bad Request", statusCode }` for the public catalog and search API.
 * Used where no express `next` is at hand (proxy callbacks) and for legacy routes.
 */
export const createErrorRenderer = (logger: Logger, production: boolean): ErrorRenderer => {
  const platform = platformErrorHandler({ logger, production });
  return (req, res, shape, err) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (shape === 'platform') {
      platform(err, req, res, () => undefined);
      return;
    }
    const appError = toAppError(err);
    if (!appError) {
      logger.error({ err, path: req.path }, 'unexpected error');
      res.status(500).json(legacyErrorBody(500, 'Unknown error has occurred.'));
      return;
    }
    if (appError.headers) res.set(appError.headers);
    if (appError.httpStatus >= 500) logger.warn({ code: appError.code, path: req.path }, appError.message);
    res.status(appError.httpStatus).json(legacyErrorBody(appError.httpStatus, appError.message));
  };
};
