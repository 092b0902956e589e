import http from 'node:http';
import { eventually } from '@storecast/service-kit/testing';
import {
  bearer,
  clearPrefix,
  type Echo,
  type GatewayUnderTest,
  json,
  ManualTimers,
  startGateway,
  startUpstream,
  type TestUpstream,
  tokens,
} from './helpers';

/** A raw request whose body is sent in chunks (Transfer-Encoding: chunked, no Content-Length). */
const chunkedPost = (
  gateway: GatewayUnderTest,
  path: string,
  headers: Record<string, string>,
  chunks: number,
  chunkSize: number,
): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gateway.port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // The gateway may close the connection while the client is still sending.
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') return;
      reject(err);
    });
    const chunk = Buffer.alloc(chunkSize, 'a');
    let sent = 0;
    const write = () => {
      while (sent < chunks) {
        sent++;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });

describe('body limits', () => {
  let upstreams: Record<'catalog' | 'organization' | 'announcement', TestUpstream>;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    upstreams = {
      catalog: await startUpstream('catalog-search'),
      organization: await startUpstream('organization'),
      announcement: await startUpstream('announcement-dispatch'),
    };
    gateway = await startGateway({
      'catalog-search': upstreams.catalog.url,
      organization: upstreams.organization.url,
      'announcement-dispatch': upstreams.announcement.url,
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all(Object.values(upstreams).map((u) => u.close()));
    await clearPrefix(gateway.prefix);
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a JSON body over 1 MB by Content-Length, before it reaches the service', async () => {
    const before = upstreams.organization.received.length;
    const res = await fetch(`${gateway.url}/api/v1/hq/stores`, {
      method: 'POST',
      headers: { ...bearer(tokens.hq()), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(upstreams.organization.received.length).toBe(before);
  });

  it('answers 413 for a chunked body that grows over the limit while streaming', async () => {
    const res = await chunkedPost(
      gateway,
      '/api/v1/hq/stores',
      { ...bearer(tokens.hq()), 'content-type': 'application/json' },
      40,
      64 * 1024,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('streams a chunked body under the limit through intact', async () => {
    const res = await chunkedPost(gateway, '/api/v1/hq/stores', bearer(tokens.hq()), 8, 64 * 1024);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as Echo).bodyLength).toBe(8 * 64 * 1024);
  });

  it('lets a multipart music upload above 1 MB through (music limit 20 MB + overhead)', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(3 * 1024 * 1024, 1)], { type: 'audio/mpeg' }), 'song.mp3');
    const res = await fetch(`${gateway.url}/api/v1/admin/music?title=t&durationSeconds=3&musicSource=AI`, {
      method: 'POST',
      headers: bearer(tokens.operator()),
      body: form,
    });
    expect(res.status).toBe(200);
    const echo = await json<Echo>(res);
    expect(echo.service).toBe('catalog-search');
    expect(echo.bodyLength).toBeGreaterThan(3 * 1024 * 1024);
  });

  it('refuses a music upload over the music limit with 413', async () => {
    const res = await fetch(`${gateway.url}/api/v1/admin/music?title=t&durationSeconds=3&musicSource=AI`, {
      method: 'POST',
      headers: { ...bearer(tokens.operator()), 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(22 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it('holds the CSV bulk upload to 2 MB and a recording to 10 MB + overhead', async () => {
    const csv = await fetch(`${gateway.url}/api/v1/hq/stores/bulk`, {
      method: 'POST',
      headers: { ...bearer(tokens.hq()), 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    expect(csv.status).toBe(413);
    const recording = await fetch(`${gateway.url}/api/v1/store/broadcasts/recording?durationSeconds=5`, {
      method: 'POST',
      headers: { ...bearer(tokens.store()), 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(5 * 1024 * 1024),
    });
    expect(recording.status).toBe(200);
  });
});

describe('streamed responses and timeouts', () => {
  let sse: TestUpstream;
  let playback: TestUpstream;
  let gateway: GatewayUnderTest;
  let releaseStream: () => void = () => undefined;
  const streamClosed: Promise<void>[] = [];
  // The upstream timeout's timers: the tests make its time pass by firing them.
  const timers = new ManualTimers();

  beforeAll(async () => {
    sse = await startUpstream('sse-fanout');
    sse.handlers.set('/api/v1/store/announcements/stream', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: connected\ndata: {}\n\n');
      streamClosed.push(new Promise((resolve) => res.on('close', () => resolve())));
      // The upstream holds the stream open until the test releases it.
      releaseStream = () => {
        res.write('event: announcement\ndata: {"n":2}\n\n');
        res.end();
      };
    });
    playback = await startUpstream('playback');
    playback.handlers.set('/api/v1/hq/playback-logs/export', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('playedAt,title\n');
      // never ends on its own: the test aborts
    });
    playback.handlers.set('/api/v1/store/queue', () => {
      // never answers
    });
    gateway = await startGateway({ 'sse-fanout': sse.url, playback: playback.url }, { UPSTREAM_TIMEOUT_MS: '300' }, { timers });
  });

  afterAll(async () => {
    await gateway.stop();
    await sse.close();
    await playback.close();
    await clearPrefix(gateway.prefix);
  });

  it('passes an SSE stream through unbuffered: the first event arrives while the upstream is still open', async () => {
    const res = await fetch(`${gateway.url}/api/v1/store/announcements/stream?ticket=t-1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('event: connected\ndata: {}\n\n');
    // only now does the upstream send the rest and end
    releaseStream();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += Buffer.from(value).toString();
    }
    expect(rest).toBe('event: announcement\ndata: {"n":2}\n\n');
  });

  it('keeps an SSE stream open longer than the upstream timeout (timeout only waits for response headers)', async () => {
    const controller = new AbortController();
    const res = await fetch(`${gateway.url}/api/v1/store/announcements/stream?ticket=t-2`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    timers.fireAll(); // UPSTREAM_TIMEOUT_MS passes with no data
    releaseStream();
    const next = await reader.read();
    expect(Buffer.from(next.value!).toString()).toContain('announcement');
  });

  it('releases the upstream connection when the client goes away', async () => {
    const controller = new AbortController();
    const res = await fetch(`${gateway.url}/api/v1/store/announcements/stream?ticket=t-3`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    const closed = streamClosed.at(-1)!;
    controller.abort();
    await expect(closed).resolves.toBeUndefined();
  });

  it('streams a CSV export as it is produced', async () => {
    const controller = new AbortController();
    const res = await fetch(`${gateway.url}/api/v1/hq/playback-logs/export`, { headers: bearer(tokens.hq()), signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/csv');
    const first = await res.body!.getReader().read();
    expect(Buffer.from(first.value!).toString()).toBe('playedAt,title\n');
    controller.abort();
  });

  it('answers 504 GATEWAY_TIMEOUT when the upstream sends no response headers in time', async () => {
    const answer = fetch(`${gateway.url}/api/v1/store/queue`, { headers: bearer(tokens.store()) });
    // The request reached playback, which never answers: the timeout is armed, then its time passes.
    await eventually(() => expect(timers.pending).toBe(1));
    timers.fireAll();
    const res = await answer;
    expect(res.status).toBe(504);
    expect(await json(res)).toMatchObject({ success: false, error: { code: 'GATEWAY_TIMEOUT' } });
  });
});
