import { AppError, serviceUnavailable } from './errors';

/**
 * How a use case reads a peer's answer. The peer's business answers are AppErrors with its
 * platform code (see grpc.ts); anything else — unreachable, deadline, the peer's defect, an RPC it
 * does not implement yet — is 503 SERVICE_UNAVAILABLE for our callers, never a bare 500 or 502.
 */

/** The answer, or undefined when the peer says NOT_FOUND; any other failure is 503. */
export const orMissing = async <T>(peer: string, call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 404) return undefined;
    throw serviceUnavailable(`The ${peer} service is unavailable`, err);
  }
};

/** The answer; every failure, business or not, is 503 (for calls whose refusal the caller cannot explain). */
export const orUnavailable = async <T>(peer: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    throw serviceUnavailable(`The ${peer} service is unavailable`, err);
  }
};

/** The answer; the peer's business answers (4xx with their codes) pass through, anything else is 503. */
export const orBusinessError = async <T>(peer: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError && err.httpStatus < 500) throw err;
    throw serviceUnavailable(`The ${peer} service is unavailable`, err);
  }
};

/** proto3 strings: empty and null are "absent". */
export const opt = (value: string | null | undefined): string | undefined => (value ? value : undefined);

/** Maps items a few at a time (peer calls per row), keeping their order. */
export const mapLimit = async <T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
};

/** Looks up distinct ids a few at a time into a map; ids the lookup does not find are left out. */
export const lookupAll = async <T>(ids: Iterable<string>, lookup: (id: string) => Promise<T | undefined>, concurrency = 8): Promise<Map<string, T>> => {
  const unique = [...new Set(ids)];
  const found = await mapLimit(unique, concurrency, lookup);
  const out = new Map<string, T>();
  unique.forEach((id, i) => {
    const value = found[i];
    if (value !== undefined) out.set(id, value);
  });
  return out;
};
