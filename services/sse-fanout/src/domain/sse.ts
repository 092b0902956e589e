/**
 * Server-sent events on the wire (WHATWG HTML § 9.2): a frame is `event:` + `data:` lines and a
 * blank line; a line starting with `:` is a comment that clients ignore (the keep-alive).
 */

/** One event frame. `data` is JSON on one line (JSON.stringify never emits a raw line break). */
export const eventFrame = (event: string, data: unknown, options: { retryMs?: number } = {}): string => {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(event)) throw new Error(`not an SSE event name: ${event}`);
  const retry = options.retryMs === undefined ? '' : `retry: ${options.retryMs}\n`;
  return `${retry}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
};

/** The keep-alive comment line. */
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';

/** Who one open stream belongs to: the store of its ticket, and its device when it named one. */
export interface StreamAudience {
  storeId: string;
  deviceId: string | null;
}

/** Where an event goes: one store, and one device of it or (deviceId null) every stream of it. */
export interface EventTarget {
  storeId: string;
  deviceId: string | null;
}

/**
 * Whether a stream receives an event, the rule of the pending list (spec 03 § Store delivery):
 * store-wide events reach every stream of the store; an event addressed to one device reaches
 * only the streams that identified themselves as that device (a stream without a device is
 * store-level and does not get it).
 */
export const reaches = (audience: StreamAudience, target: EventTarget): boolean =>
  audience.storeId === target.storeId && (target.deviceId === null || audience.deviceId === target.deviceId);

/**
 * When the server closes a stream: at most `maxMs` after it opened, earlier by up to `jitterMs`
 * chosen with `random` (0 ≤ random() < 1), so streams opened together close spread out.
 */
export const lifetimeMs = (maxMs: number, jitterMs: number, random: () => number): number =>
  Math.max(1, maxMs - Math.floor(Math.min(jitterMs, maxMs - 1) * random()));

/**
 * When a stream's first keep-alive goes out: one period after `connected`, earlier by up to
 * `jitterMs` chosen with `random`; the later ones follow every period. Streams that connected
 * together (a reconnect storm: thousands in a second or two) would otherwise send their keep-alives
 * in the same second every period, a burst of writes the live events queue behind. Never later
 * than the period, so no stream waits longer than the spec's 25 s for a sign of life.
 */
export const firstKeepAliveMs = (periodMs: number, jitterMs: number, random: () => number): number => lifetimeMs(periodMs, jitterMs, random);
