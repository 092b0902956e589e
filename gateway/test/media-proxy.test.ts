import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createS3Storage, ManualClock, type ObjectStorage } from '@storecast/service-kit';
import { startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { clearPrefix, type GatewayUnderTest, refusedUrl, startGateway } from './helpers';

/** A request as node:http sends it (fetch adds Cache-Control: no-cache to conditional requests). */
const raw = (url: string, method = 'GET', headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

const AUDIO = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

const envelope = async (res: Response) => (await res.json()) as { success: false; error: { code: string } };

describe('GET /media/{bucket}/{key}: presigned downloads through the gateway', () => {
  let s3: TestS3;
  let g: GatewayUnderTest;
  let storage: ObjectStorage;
  const gateways: GatewayUnderTest[] = [];
  const gateway = async (env: Record<string, string>, deps = {}) => {
    const started = await startGateway({}, env, deps);
    gateways.push(started);
    return started;
  };
  beforeAll(async () => {
    s3 = await startTestS3();
    g = await gateway({ MEDIA_S3_ENDPOINT: s3.endpoint, MEDIA_S3_BUCKET: s3.bucket });
    storage = createS3Storage({
      S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true, S3_PRESIGN_TTL_SECONDS: 600, S3_PUBLIC_ENDPOINT: `${g.url}/media`,
    });
    await storage.put('music/track one.mp3', AUDIO, 'audio/mpeg', AUDIO.length);
  });
  afterAll(async () => {
    storage.close();
    for (const each of gateways) {
      await each.stop();
      await clearPrefix(each.prefix);
    }
    await s3.close();
  });

  it('serves the whole object with its headers and a private cache lifetime no longer than the link’s', async () => {
    const url = await storage.presignGet('music/track one.mp3');
    expect(url.startsWith(`${g.url}/media/${s3.bucket}/music/track%20one.mp3?X-Amz-`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe(String(AUDIO.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('last-modified')).toBeTruthy();
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(590);
    expect(maxAge).toBeLessThanOrEqual(600);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(AUDIO);
  });

  it('passes ranges (206, 416), revalidation (304) and HEAD through', async () => {
    const url = await storage.presignGet('music/track one.mp3');
    const part = await raw(url, 'GET', { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${AUDIO.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.body).toEqual(AUDIO.subarray(0, 100));
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const tail = await raw(url, 'GET', { range: 'bytes=4000-' });
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual(AUDIO.subarray(4000));

    expect((await raw(url, 'GET', { range: `bytes=${AUDIO.length + 10}-` })).status).toBe(416);

    const full = await raw(url);
    const notModified = await raw(url, 'GET', { 'if-none-match': String(full.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // (s3rver's 304 carries no ETag; an S3 server's does, and it passes like the 200's.)

    const head = await raw(url, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(AUDIO.length));
    expect(head.body.length).toBe(0);
  });

  it('counts the cache lifetime from the link’s signing time on the gateway’s clock', async () => {
    const clock = new ManualClock(new Date(Date.now() + 500_000));
    const later = await gateway({ MEDIA_S3_ENDPOINT: s3.endpoint, MEDIA_S3_BUCKET: s3.bucket }, { clock });
    const url = (await storage.presignGet('music/track one.mp3')).replace(g.url, later.url);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(80);
    expect(maxAge).toBeLessThanOrEqual(100);
    await res.arrayBuffer();
    clock.advance(200_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect((await envelope(expired)).error.code).toBe('FORBIDDEN');
  });

  it('refuses what is not a presigned link, another bucket, dot segments and other methods', async () => {
    const url = await storage.presignGet('music/track one.mp3');
    const path = new URL(url).pathname;
    const noQuery = await fetch(`${g.url}${path}`);
    expect(noQuery.status).toBe(403);
    expect((await envelope(noQuery)).error.code).toBe('FORBIDDEN');
    const old = new URL(url);
    old.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(old)).status).toBe(403);

    const query = new URL(url).search;
    for (const other of [
      `/media/elsewhere/music/track%20one.mp3${query}`,
      `/media/${s3.bucket}/music/missing.mp3${query}`,
      `/media/${s3.bucket}/..%2Felsewhere/x${query}`,
      `/media/${s3.bucket}/%2e%2e/elsewhere/x${query}`,
      `/media/${s3.bucket}/${query}`,
      `/media/${s3.bucket}${query}`,
    ]) {
      const res = await raw(`${g.url}${other}`);
      expect([other, res.status]).toEqual([other, 404]);
      expect(JSON.parse(res.body.toString('utf8'))).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(url, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect((await envelope(res)).error.code).toBe('METHOD_NOT_ALLOWED');
    }
    // The object is still there: a DELETE never reached the S3 server.
    expect(await storage.exists('music/track one.mp3')).toBe(true);
  });

  it('answers 503 while the S3 server is down, and 404 when MEDIA_S3_ENDPOINT is unset', async () => {
    const down = await gateway({ MEDIA_S3_ENDPOINT: await refusedUrl(), MEDIA_S3_BUCKET: s3.bucket });
    const url = (await storage.presignGet('music/track one.mp3')).replace(g.url, down.url);
    const res = await fetch(url);
    expect(res.status).toBe(503);
    expect((await envelope(res)).error.code).toBe('SERVICE_UNAVAILABLE');
    const none = await gateway({});
    const missing = await fetch(url.replace(down.url, none.url));
    expect(missing.status).toBe(404);
    expect((await envelope(missing)).error.code).toBe('NOT_FOUND');
  });
});

describe('the media proxy streams', () => {
  let release: () => void = () => undefined;
  let received: IncomingMessage | undefined;
  let server: http.Server;
  let endpoint: string;
  let g: GatewayUnderTest;
  beforeAll(async () => {
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      received = req;
      res.writeHead(200, { 'content-type': 'audio/mpeg', etag: '"abc"', 'x-amz-request-id': 'internal', server: 'S3' });
      res.write('first chunk;');
      release = () => res.end('rest');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/s3-prefix/`;
    g = await startGateway({}, { MEDIA_S3_ENDPOINT: endpoint, MEDIA_S3_BUCKET: 'storecast' });
  });
  afterAll(async () => {
    await g.stop();
    await clearPrefix(g.prefix);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('before the S3 server has finished, with the request’s query, ranges and validators only', async () => {
    const date = new Date().toISOString().replace(/[-:]|\.\d+/g, '');
    const query = `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F20261207%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=${date}&X-Amz-Expires=300&X-Amz-Signature=abc&X-Amz-SignedHeaders=host&x-id=GetObject`;
    const res = await fetch(`${g.url}/media/storecast/music/a%20b.mp3${query}`, {
      headers: { range: 'bytes=0-', 'if-modified-since': 'Mon, 07 Dec 2026 10:00:00 GMT', authorization: 'Bearer secret', cookie: 'a=b' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"abc"');
    expect(res.headers.get('x-amz-request-id')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('first chunk;');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString();
    expect(rest).toBe('rest');
    expect(received!.url).toBe(`/s3-prefix/storecast/music/a%20b.mp3${query}`);
    expect(received!.headers.range).toBe('bytes=0-');
    expect(received!.headers['if-modified-since']).toBe('Mon, 07 Dec 2026 10:00:00 GMT');
    expect(received!.headers.authorization).toBeUndefined();
    expect(received!.headers.cookie).toBeUndefined();
  });
});
