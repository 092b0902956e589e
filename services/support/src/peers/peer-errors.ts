import { AppError, serviceUnavailable } from '@storecast/service-kit';

/**
 * A peer call that either answers, answers "not found" (undefined), or is unavailable: anything
 * else than the peer's NOT_FOUND (unreachable, deadline, an RPC the peer does not implement yet)
 * is 503 SERVICE_UNAVAILABLE for support's callers, never a bare 500 or 502.
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

/** Runs lookups for distinct ids, a few at a time, into a map (absent ids left out). */
export const lookupAll = async <T>(ids: Iterable<string>, lookup: (id: string) => Promise<T | undefined>, concurrency = 8): Promise<Map<string, T>> => {
  const unique = [...new Set(ids)];
  const out = new Map<string, T>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const id = unique[next++]!;
      const value = await lookup(id);
      if (value !== undefined) out.set(id, value);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return out;
};
