import type { OutgoingHttpHeader } from 'node:http';
import type { RequestHandler } from 'express';

type HeaderValue = string | number | readonly string[];

/**
 * A header middleware whose headers never depend on the request (helmet() with its defaults: the
 * content security policy has no per-request nonce), recorded once at startup.
 */
export interface StaticHeaders {
  /**
   * The middleware's setHeader/removeHeader calls replayed as one loop per response, instead of
   * its dozen middlewares (one closure and one next() each): for the responses of the express app.
   */
  middleware: RequestHandler;
  /**
   * The headers it leaves on a response that had none (names lower-cased), for the edge's
   * responses: the edge writes them with the response head where the response did not set the
   * name itself (headHeaders).
   */
  entries: ReadonlyArray<readonly [name: string, value: HeaderValue]>;
  /** An entry's index by name. */
  indexOf: ReadonlyMap<string, number>;
}

export const recordStaticHeaders = (middleware: RequestHandler): StaticHeaders => {
  const ops: Array<[name: string, value: HeaderValue | undefined]> = [];
  const recorder = {
    setHeader(name: string, value: HeaderValue) {
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

  // What the calls leave on an empty response (a removal takes out what an earlier call set).
  // Names in lower case, as HTTP/2 writes them: Node lower-cases every name of 4 to 17 characters it
  // writes to look for the ones it manages (Content-Length, Date...), a new string for a mixed-case one.
  const left = new Map<string, HeaderValue>();
  for (const [name, value] of ops) {
    if (value === undefined) left.delete(name.toLowerCase());
    else left.set(name.toLowerCase(), value);
  }
  // headHeaders marks the names a response set itself in one 32-bit mask.
  if (left.size > 31) throw new Error('more than 31 static headers');
  return {
    middleware: (_req, res, next) => {
      for (const [name, value] of ops) {
        if (value === undefined) res.removeHeader(name);
        else res.setHeader(name, value);
      }
      next();
    },
    entries: [...left],
    indexOf: new Map([...left.keys()].map((name, i) => [name, i])),
  };
};

/**
 * The head of an edge response whose headers all come in one list (name, value, name, value…: the
 * proxy's copy of the upstream's): the static headers and X-Request-Id first, each only where the
 * list does not carry the name itself, then the list. Written by writeHead in one pass, without the
 * per-name entries (a lower-cased name and a [name, value] pair each) setHeader keeps.
 */
export const headHeaders = (statics: StaticHeaders, requestId: string, given: readonly OutgoingHttpHeader[] | undefined): OutgoingHttpHeader[] => {
  let present = 0;
  let ownRequestId = false;
  const count = given?.length ?? 0;
  for (let i = 0; i < count; i += 2) {
    // The proxy's names are lower case already: toLowerCase returns the same string then.
    const name = String(given![i]).toLowerCase();
    const index = statics.indexOf.get(name);
    if (index !== undefined) present |= 1 << index;
    else if (name === 'x-request-id') ownRequestId = true;
  }
  const { entries } = statics;
  let missing = 0;
  for (let i = 0; i < entries.length; i++) if ((present & (1 << i)) === 0) missing++;
  // Sized once: an array grown by push copies its store at every step.
  const out = new Array<OutgoingHttpHeader>((ownRequestId ? 0 : 2) + 2 * missing + count);
  let at = 0;
  if (!ownRequestId) {
    out[at++] = 'x-request-id';
    out[at++] = requestId;
  }
  for (let i = 0; i < entries.length; i++) {
    if ((present & (1 << i)) !== 0) continue;
    out[at++] = entries[i]![0];
    out[at++] = entries[i]![1] as OutgoingHttpHeader;
  }
  for (let i = 0; i < count; i++) out[at++] = given![i]!;
  return out;
};
