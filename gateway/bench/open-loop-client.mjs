// The latency phase's load generator: an open loop at a fixed rate over keep-alive sockets, each
// request a prebuilt HTTP/1.1 buffer, each response framed by Content-Length (or a chunked body's
// last chunk). Why not node:http: the generator shares its core with the upstream, and there, at
// 3,800 req/s against the upstream alone (both warm, four alternated runs of 4 s), Node's client
// cost 0.084–0.102 ms per request and measured p50 1.41–1.49 ms, p99 3.6–23.4 ms; this client cost
// 0.051–0.055 ms and measured p50 1.01–1.10 ms, p99 3.1–4.2 ms (bench/README.md § Gateway proxy).
// What the instrument adds is no target's latency.
// Not autocannon: its rate options give each connection a quota per second, sent as fast as the
// answers come, and time a request from its send, not from when it was due.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/** Where a response starting at buf[0] ends, or -1 while it is incomplete; status in `out`. */
const responseEnd = (buf, out) => {
  const headEnd = buf.indexOf(HEADER_END);
  if (headEnd < 0) return -1;
  const head = buf.toString('latin1', 0, headEnd);
  out.status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length) {
    const end = headEnd + 4 + Number(length[1]);
    return buf.length >= end ? end : -1;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    const last = buf.indexOf(LAST_CHUNK, headEnd + 2);
    return last < 0 ? -1 : last + LAST_CHUNK.length;
  }
  return headEnd + 4; // no body (204, 304)
};

/**
 * Slow requests merged into stalls: runs whose delays overlap (one pause delays every request due
 * while it lasts), each with its start, end (the last one's completion) and worst latency.
 */
const stallsOf = (slow) => {
  const stalls = [];
  for (const [at, ms] of slow.sort((a, b) => a[0] - b[0])) {
    const last = stalls.at(-1);
    if (last && at <= last.until) {
      last.until = Math.max(last.until, at + ms);
      last.worst = Math.max(last.worst, ms);
      last.requests++;
    } else stalls.push({ at, until: at + ms, worst: ms, requests: 1 });
  }
  return stalls;
};

/**
 * `rate` requests per second for `seconds` over up to `connections` sockets; each latency is taken
 * from the request's scheduled send time, so a stall in the target counts for every request it
 * delayed. Responses other than 2xx count as errors.
 */
export const fixedRate = async ({ port, path, headers, rate, seconds, connections, slowMs = Infinity }) => {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  const total = Math.round(rate * seconds);
  const latencies = [];
  const head = [];
  const tail = [];
  // Requests slower than slowMs, as [scheduled epoch ms, latency]: where a timeline looks for causes.
  const slow = [];
  let errors = 0;
  let finished = 0;
  let started = 0;
  let resolveAll;
  const allDone = new Promise((resolve) => (resolveAll = resolve));
  const idle = [];
  const waiting = [];
  const sockets = new Set();

  const finish = (scheduled, ok) => {
    if (ok) {
      const latency = performance.now() - scheduled;
      latencies.push(latency);
      // The phase's first tenth apart: a target idle while the others ran starts cold.
      (scheduled - started < (seconds * 1000) / 10 ? head : tail).push(latency);
      if (latency > slowMs) slow.push([performance.timeOrigin + scheduled, latency]);
    } else errors++;
    if (++finished === total) resolveAll();
  };
  const send = (c, scheduled) => {
    c.scheduled = scheduled;
    c.socket.write(request);
  };
  const release = (c) => {
    const next = waiting.shift();
    if (next !== undefined) send(c, next);
    else idle.push(c);
  };
  const open = () =>
    new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      const c = { socket, connected: false, scheduled: undefined, buf: Buffer.alloc(0), out: { status: 0 } };
      sockets.add(socket);
      socket.on('data', (chunk) => {
        c.buf = c.buf.length === 0 ? chunk : Buffer.concat([c.buf, chunk]);
        for (;;) {
          const end = responseEnd(c.buf, c.out);
          if (end < 0) return;
          c.buf = c.buf.subarray(end);
          const scheduled = c.scheduled;
          c.scheduled = undefined;
          finish(scheduled, c.out.status >= 200 && c.out.status < 300);
          release(c);
        }
      });
      socket.once('connect', () => {
        c.connected = true;
        resolve(c);
      });
      socket.once('error', () => undefined);
      socket.once('close', () => {
        sockets.delete(socket);
        const i = idle.indexOf(c);
        if (i >= 0) idle.splice(i, 1);
        if (c.scheduled !== undefined) finish(c.scheduled, false);
        // A target that refuses connections fails the requests waiting, one per attempt.
        const refused = !c.connected && waiting.length > 0 ? waiting.shift() : undefined;
        if (refused !== undefined) finish(refused, false);
        if (finished < total && started > 0) void open().then((next) => next.connected && !next.socket.destroyed && release(next));
        resolve(c);
      });
    });

  for (const c of await Promise.all(Array.from({ length: connections }, open))) if (c.connected && !c.socket.destroyed) idle.push(c);
  if (idle.length === 0) throw new Error(`no connection to 127.0.0.1:${port}`);
  started = performance.now();
  let sent = 0;
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    while (sent < due) {
      const scheduled = started + (sent * 1000) / rate;
      const c = idle.pop(); // the most recently used socket: warm
      if (c) send(c, scheduled);
      else waiting.push(scheduled);
      sent++;
    }
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
  await allDone;
  for (const socket of sockets) socket.destroy();

  const q = (values, p) => {
    values.sort((a, b) => a - b);
    return values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;
  };
  return { p50: q(latencies, 0.5), p99: q(latencies, 0.99), headP99: q(head, 0.99), tailP99: q(tail, 0.99), errors, stalls: stallsOf(slow) };
};
