import type { Request } from 'express';
import { payloadTooLarge } from './upstream-proxy';

/**
 * Reads a small body completely (used for login only, whose email the LOGIN limiter needs before
 * the attempt is forwarded). Anything above `limit` bytes is refused with 413.
 */
export const readSmallBody = (req: Request, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      reject(payloadTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(payloadTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });

/** The email of a login body, if it is JSON with a string `email`. */
export const loginEmailOf = (body: Buffer): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as { email?: unknown }).email === 'string') {
      const email = (parsed as { email: string }).email.trim().toLowerCase();
      return email.length > 0 ? email : undefined;
    }
  } catch {
    // not JSON: identity answers 400; only the per-IP counter applies
  }
  return undefined;
};
