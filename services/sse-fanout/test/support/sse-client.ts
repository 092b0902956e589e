import http from 'node:http';
import { responseDrift } from '@storecast/service-kit/testing';
import type { DefinedRoute } from '@storecast/service-kit';

export interface SseMessage {
  /** Event name, or undefined for a comment line. */
  event?: string;
  data?: unknown;
  comment?: string;
  retry?: number;
}

/** A raw SSE client (no EventSource): every frame, comments included, in arrival order. */
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  received: SseMessage[];
  /** The next message not yet taken (events and comments). */
  next(): Promise<SseMessage>;
  /** The next event (comments skipped). */
  nextEvent(): Promise<SseMessage>;
  /** Resolves when the server ends or cuts the stream: `ended` true for a clean end. */
  closed: Promise<{ ended: boolean }>;
  /** Stops reading from the socket (a slow client), without closing it. */
  pause(): void;
  /** Reads again (a paused socket notices that the server cut it only then). */
  resume(): void;
  close(): void;
}

const parseFrame = (frame: string): SseMessage => {
  const message: SseMessage = {};
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) message.event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
    else if (line.startsWith('retry: ')) message.retry = Number(line.slice(7));
  }
  if (data.length) message.data = JSON.parse(data.join('\n'));
  return message;
};

/**
 * Opens a stream. With `routes`, the answer's status and content type are checked against what
 * the service documents for the route, as apiClient does for JSON calls (an endless stream cannot
 * go through apiClient, which reads the whole body).
 */
export const openSse = (url: string, routes?: readonly DefinedRoute[]): Promise<SseStream> =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      const contentType = res.headers['content-type'] ?? null;
      if (res.statusCode !== 200 || !contentType?.startsWith('text/event-stream')) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(body);
          } catch {
            parsed = body;
          }
          const target = new URL(url);
          const drift = routes && responseDrift(routes, 'GET', target.pathname + target.search, res.statusCode ?? 0, contentType, parsed);
          if (drift) reject(new Error(`Response drifts from the documented API: ${drift}`));
          else reject(Object.assign(new Error(`stream refused with ${res.statusCode}`), { status: res.statusCode, body: parsed }));
        });
        return;
      }
      const target = new URL(url);
      const drift = routes && responseDrift(routes, 'GET', target.pathname + target.search, res.statusCode, contentType, undefined);
      if (drift) {
        req.destroy();
        reject(new Error(`Response drifts from the documented API: ${drift}`));
        return;
      }
      const received: SseMessage[] = [];
      let taken = 0;
      const waiting: Array<() => void> = [];
      let buffer = '';
      let closedFlag = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          received.push(parseFrame(buffer.slice(0, at)));
          buffer = buffer.slice(at + 2);
        }
        waiting.splice(0).forEach((w) => w());
      });
      const closed = new Promise<{ ended: boolean }>((done) => {
        let ended = false;
        res.on('end', () => (ended = true));
        res.on('close', () => {
          closedFlag = true;
          waiting.splice(0).forEach((w) => w());
          done({ ended: ended && res.complete });
        });
      });
      const next = async (): Promise<SseMessage> => {
        while (taken >= received.length) {
          if (closedFlag) throw new Error('stream closed before the next message');
          await new Promise<void>((r) => waiting.push(r));
        }
        return received[taken++]!;
      };
      resolve({
        status: res.statusCode,
        headers: res.headers,
        received,
        next,
        async nextEvent() {
          for (;;) {
            const message = await next();
            if (message.event) return message;
          }
        },
        closed,
        pause: () => {
          res.pause();
          res.socket.pause();
        },
        resume: () => {
          res.socket.resume();
          res.resume();
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
