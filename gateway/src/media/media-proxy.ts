import { pipeline } from 'node:stream';
import type { RequestHandler } from 'express';
import { Pool } from 'undici';
import { AppError, type Clock } from '@storecast/service-kit/edge';

export interface MediaProxyOptions {
  /** MEDIA_S3_ENDPOINT: the S3 server the bucket lives on (may carry a path prefix). */
  endpoint: string;
  /** MEDIA_S3_BUCKET: the one bucket served; any other answers 404. */
  bucket: string;
  /** Longest wait for the S3 server's response headers. */
  timeoutMs: number;
  clock?: Clock;
}

export interface MediaProxy {
  /** For the express app: answers /media/**, passes anything else on. */
  handler: RequestHandler;
  close(): Promise<void>;
}

/** Request headers the S3 server gets: ranges and revalidation, nothing of the caller's identity. */
const REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'] as const;
/** Response headers passed back (Content-Disposition: a presign with a download name asks for one). */
const RESPONSE_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'content-disposition'] as const;
/** Statuses streamed back as they are; 404 becomes the platform's envelope, S3 refusals 403, the rest 503. */
const PASSED = new Set([200, 206, 304, 416]);
const CACHEABLE = new Set([200, 206, 304]);

const PREFIX = '/media/';

/** `.` or `..` as a segment, plainly or percent-encoded: the S3 server could resolve it to another bucket. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** X-Amz-Date (ISO 8601 basic, 20261207T153022Z) → ms since the epoch. */
const amzDate = (value: string | null): number | undefined => {
  const m = value && /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined;
};

const notFound = () => new AppError(404, 'NOT_FOUND', 'No such media');
const refused = (message: string) => new AppError(403, 'FORBIDDEN', message);

/**
 * GET/HEAD /media/{bucket}/{key…}?X-Amz-…: a presigned download (the services sign them for
 * S3_PUBLIC_ENDPOINT = {gateway}/media) proxied to the S3 server, streamed both ways with
 * back-pressure, query string as is. Ranges and revalidation pass through (200/206/304/416); the
 * answer may be kept by the browser as long as the link is valid (`Cache-Control: private,
 * max-age=` the seconds left of X-Amz-Date + X-Amz-Expires). A link without the presign's
 * parameters, or expired, is refused here (403) before the S3 server is asked; the signature itself
 * is the S3 server's to check.
 */
export const createMediaProxy = (options: MediaProxyOptions): MediaProxy => {
  const base = new URL(options.endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, { headersTimeout: options.timeoutMs });
  const now = () => options.clock?.now().getTime() ?? Date.now();

  const handler: RequestHandler = (req, res, next) => {
    const url = req.url;
    if (!url.startsWith(PREFIX) && url !== '/media' && !url.startsWith('/media?')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return next(new AppError(405, 'METHOD_NOT_ALLOWED', 'Media is read with GET or HEAD', { headers: { Allow: 'GET, HEAD' } }));
    }
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q);
    const rest = pathname.slice(PREFIX.length);
    const slash = rest.indexOf('/');
    if (slash <= 0 || slash === rest.length - 1 || DOT_SEGMENT.test(rest)) return next(notFound());
    let bucket: string;
    try {
      bucket = decodeURIComponent(rest.slice(0, slash));
    } catch {
      return next(notFound());
    }
    if (bucket !== options.bucket) return next(notFound());

    const params = new URLSearchParams(query);
    const signedAt = amzDate(params.get('X-Amz-Date'));
    const expires = Number(params.get('X-Amz-Expires') ?? NaN);
    if (signedAt === undefined || !Number.isInteger(expires) || expires < 0 || !params.get('X-Amz-Signature') || !params.get('X-Amz-Credential')) {
      return next(refused('Media is served through presigned links only'));
    }
    const secondsLeft = Math.floor((signedAt + expires * 1000 - now()) / 1000);
    if (secondsLeft <= 0) return next(refused('The media link has expired'));

    const headers: Record<string, string> = {};
    for (const name of REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // A client that leaves before S3 answers releases the request (after that, pipeline does).
    const abort = new AbortController();
    const onClose = () => abort.abort();
    res.once('close', onClose);
    pool.request({ method: req.method, path: `${basePath}/${rest}${query}`, headers, signal: abort.signal }).then(
      (answer) => {
        res.off('close', onClose);
        const { statusCode, body } = answer;
        if (!PASSED.has(statusCode)) {
          body.resume(); // drained and released, nothing of S3's XML goes out
          if (statusCode === 404) return next(notFound());
          if (statusCode === 400 || statusCode === 403) return next(refused('The media link is not valid'));
          return next(new AppError(503, 'SERVICE_UNAVAILABLE', 'Media storage is unavailable'));
        }
        res.status(statusCode);
        for (const name of RESPONSE_HEADERS) {
          const value = answer.headers[name];
          if (value !== undefined) res.setHeader(name, value);
        }
        res.setHeader('Cache-Control', CACHEABLE.has(statusCode) ? `private, max-age=${Math.max(0, secondsLeft)}` : 'no-store');
        // Destroys the other side when either ends early (the client went away, S3 cut the body).
        pipeline(body, res, () => undefined);
      },
      (err: { code?: string }) => {
        res.off('close', onClose);
        if (abort.signal.aborted || res.headersSent) return;
        next(
          err.code === 'UND_ERR_HEADERS_TIMEOUT'
            ? new AppError(504, 'GATEWAY_TIMEOUT', 'Media storage did not answer in time', { cause: err })
            : new AppError(503, 'SERVICE_UNAVAILABLE', 'Media storage is unavailable', { cause: err }),
        );
      },
    );
  };

  return { handler, close: () => pool.destroy() };
};
