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
  return {
    get bufferedBytes() {
      return res.writableLength;
    },
    write: (frame) => void res.write(frame),
    end: () => void res.end(),
    destroy: () => void res.destroy(),
    onClose: (listener) => void res.once('close', listener),
  };
};
