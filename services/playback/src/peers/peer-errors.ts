import { AppError, serviceUnavailable } from '@storecast/service-kit';

/**
 * A peer call that answers, answers "not found" (undefined), or is unavailable: anything else
 * than the peer's NOT_FOUND (unreachable, deadline, an RPC the peer does not implement yet) is
 * 503 SERVICE_UNAVAILABLE for playback's callers, never a bare 500 or 502.
 */
export const orMissing = async <T>(peer: string, call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 404) return undefined;
    throw serviceUnavailable(`${peer} is unavailable`, err);
  }
};

export const orUnavailable = async <T>(peer: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    throw serviceUnavailable(`${peer} is unavailable`, err);
  }
};
