// A client process of bench/sse-fanout.bench.mjs (forked, pinned to its own core): holds many
// SSE connections on raw TCP sockets, parses just enough of the stream to notice `connected` and
// `announcement` frames, and timestamps each announcement against the `t=<ms>` its title carries
// (performance.timeOrigin + now(): one clock for every process of the machine).
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();
let sockets = [];
let latencies = [];
// When each measured announcement was published (epoch ms), in the order of `latencies`.
let sentAt = [];
let lastAnnouncementAt = 0;

const open = (host, port, path) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    let head = true;
    let carry = '';
    let settled = false;
    const settle = (ok) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n\r\n`));
    socket.on('data', (chunk) => {
      let text = carry + chunk.toString('latin1');
      if (head) {
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) {
          carry = text;
          return;
        }
        if (!text.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          settle(text.slice(0, 12));
          return;
        }
        head = false;
        text = text.slice(end + 4);
      }
      // Chunked transfer encoding wraps the frames; frames themselves end with a blank line.
      let at;
      while ((at = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, at);
        text = text.slice(at + 2);
        if (frame.includes('event: connected')) settle(true);
        else if (frame.includes('event: announcement\n')) {
          const t = /"title":"t=([0-9.]+)"/.exec(frame);
          if (t) {
            const received = now();
            latencies.push(received - Number(t[1]));
            sentAt.push(Number(t[1]));
            lastAnnouncementAt = received;
          }
        }
      }
      carry = text;
    });
    socket.on('error', (err) => settle(err.code ?? 'error'));
    socket.on('close', () => settle('closed'));
    sockets.push(socket);
  });

const connectAll = async ({ host, port, paths, concurrency }) => {
  const started = now();
  let next = 0;
  let ok = 0;
  let errors = 0;
  const reasons = {};
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      const result = await open(host, port, path);
      if (result === true) ok++;
      else {
        errors++;
        reasons[result] = (reasons[result] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  return { ok, errors, reasons, ms: now() - started };
};

process.on('message', async (m) => {
  if (m.cmd === 'connect') process.send({ id: m.id, ...(await connectAll(m)) });
  if (m.cmd === 'collect') {
    process.send({ id: m.id, latencies, sentAt, lastAnnouncementAt, open: sockets.filter((s) => !s.destroyed).length });
    latencies = [];
    sentAt = [];
    lastAnnouncementAt = 0;
  }
  if (m.cmd === 'close') {
    for (const s of sockets) s.destroy();
    sockets = [];
    process.send({ id: m.id });
  }
  if (m.cmd === 'exit') process.exit(0);
});
