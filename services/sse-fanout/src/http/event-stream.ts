import type { Response } from 'express';
import type { StreamSink } from '../app/ports';

export const EVENT_STREAM = 'text/event-stream';

/**
 * Starts a server-sent event response and wraps it as a StreamSink. No intermediary may buffer or
 * transform the stream (X-Accel-Buffering for nginx-style proxies). The headers leave with the
 * first frame (`connected`, written at once by the hub): one write per new stream, which is what
 * a reconnect storm costs. Node's HTTP server already disables Nagle's algorithm (noDelay).
 * bufferedBytes is what the response and its socket hold unsent.
 */
export const startEventStream = (res: Response): StreamSink => {
  res.writeHead(200, {
    'content-type': EVENT_STREAM,
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  releaseRouting(res);
  return new ResponseSink(res);
};

/**
 * Drops what express attached to route the request: its router's `next` (and the closures and
 * the matched layer stack that hang from it), the route, params, body, the original URL (the
 * ticket once more) and res.locals. Nothing reads them once the stream is open (the request log
 * line at close reads method, path and status), but the response keeps its request for the
 * stream's whole life: 1.9 KB of old generation per stream, 18 % of what a stream holds
 * (bench/README.md § SSE fan-out, heap per stream), marked again by every major GC.
 */
const releaseRouting = (res: Response): void => {
  const req = res.req;
  req.next = undefined;
  req.route = undefined;
  req.params = {};
  req.body = undefined;
  req.originalUrl = '';
  req.baseUrl = '';
  res.locals = {};
};

const CRLF = Buffer.from('\r\n');
/** Each frame as one HTTP/1.1 chunk, built once while the frame lives (see ResponseSink.write). */
const chunks = new WeakMap<Buffer, Buffer>();
const asChunk = (frame: Buffer): Buffer => {
  let chunk = chunks.get(frame);
  if (!chunk) chunks.set(frame, (chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`), frame, CRLF])));
  return chunk;
};

/** A class, not an object of closures: a stream keeps it for its whole life (thousands per replica). */
class ResponseSink implements StreamSink {
  private headSent = false;

  constructor(private readonly res: Response) {}

  get bufferedBytes(): number {
    return this.res.writableLength;
  }

  /**
   * The first frame goes through the response, which sends the head with it. Every later frame is
   * written to the socket as one ready-made chunk, the same bytes `res.write` would send: the
   * response's write costs three buffered socket writes, a chunk-size string, a cork and a
   * next-tick uncork per call, and a broadcast makes one per stream (10,000 at a time). That
   * garbage, kept alive across the broadcast's turns, pushed the old generation over its limit
   * and brought a major GC's marking into the broadcast (bench/README.md § SSE fan-out). The frame's
   * chunk is shared by every stream it goes to. The response still ends the stream (`0\r\n\r\n`),
   * and bufferedBytes still counts what the socket holds.
   */
  write(frame: Buffer): void {
    // Never after end (an error event on the response); the hub already stops writing at its end.
    if (this.res.writableEnded) return;
    const socket = this.res.socket;
    if (!this.headSent || !socket) {
      this.headSent = true;
      this.res.write(frame);
    } else if (!socket.destroyed) {
      socket.write(this.res.chunkedEncoding ? asChunk(frame) : frame);
    }
  }

  end(): void {
    this.res.end();
  }

  destroy(): void {
    this.res.destroy();
  }

  onClose(listener: () => void): void {
    this.res.once('close', listener);
  }
}
