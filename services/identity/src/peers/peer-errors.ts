import { AppError, serviceUnavailable } from '@storecast/service-kit';

/**
 * A peer's business answer (a 4xx AppError with its platform code) passes through; anything else
 * (unreachable, deadline, the peer's own defect) becomes 503 SERVICE_UNAVAILABLE.
 */
export const unavailableUnlessBusiness =
  (peer: string) =>
  (err: unknown): never => {
    if (err instanceof AppError && err.httpStatus < 500) throw err;
    throw serviceUnavailable(`The ${peer} service is unavailable`, err);
  };

/** proto3 optional strings: empty and null are "absent". */
export const opt = (v: string | null | undefined): string | undefined => (v ? v : undefined);
