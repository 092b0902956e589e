import type { RequestHandler } from 'express';

/**
 * A header middleware whose headers never depend on the request (helmet() with its defaults:
 * the content security policy has no per-request nonce), recorded once at startup and replayed as
 * one loop of setHeader/removeHeader per response, instead of running its dozen middlewares (one
 * closure and one next() each) for every proxied request.
 */
export const replayStaticHeaders = (middleware: RequestHandler): RequestHandler => {
  const ops: Array<[name: string, value: string | number | readonly string[] | undefined]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      ops.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      ops.push([name, undefined]);
    },
  };
  let called = false;
  (middleware as (req: unknown, res: unknown, next: (err?: unknown) => void) => void)({}, recorder, (err) => {
    if (err) throw err as Error;
    called = true;
  });
  // A middleware that answers, reads the request or calls next() later cannot be replayed.
  if (!called) throw new Error('header middleware did not call next() synchronously');
  return (_req, res, next) => {
    for (const [name, value] of ops) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
};
