import type { Request, Response } from 'express';
import type { StreamSink } from '../app/ports';

export const EVENT_STREAM = 'text/event-stream';

/**
 * Starts a server-sent event response and wraps it as a StreamSink. Headers go out at once (the
 * gateway waits for them, and EventSource fires `open` on them); no intermediary may buffer or
 * transform the stream (X-Accel-Buffering for nginx-style proxies); small frames are not delayed
 * by Nagle's algorithm. bufferedBytes is what the response and its socket hold unsent.
 */
export const startEventStream = (req: Request, res: Response): StreamSink => {
  res.writeHead(200, {
    'content-type': EVENT_STREAM,
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);
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
