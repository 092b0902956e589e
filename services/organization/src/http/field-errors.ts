import type { ErrorRequestHandler } from 'express';
import { AppError } from '@storecast/service-kit';

/**
 * `details` appears only for validation failures (spec 02 § Errors: VALIDATION_FAILED). A domain
 * code raised for invalid input (HQ_STORE_INVALID_FIELD, from the kit's route parsing with
 * `invalidCode`) carries what it says in `message` and, per field, in `fields` instead. Mounted
 * last on each of this service's routers, before the kit's platform error handler.
 */
export const fieldsInsteadOfDetails: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof AppError && err.code !== 'VALIDATION_FAILED' && err.details?.length) {
    const fields: Record<string, string> = {};
    for (const d of err.details) fields[d.field] = fields[d.field] ? `${fields[d.field]}; ${d.message}` : d.message;
    next(new AppError(err.httpStatus, err.code, err.message, { fields, headers: err.headers, cause: err }));
    return;
  }
  next(err);
};
