import http from 'node:http';
import { sineMp3, startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { api, type RunningSystem, startSystem } from './system';

/** node:http: fetch adds Cache-Control: no-cache to a request carrying If-None-Match (fetch spec). */
const get = (url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });

/**
 * Media reachable through a public base: the services sign audio URLs for {gateway}/media
 * (S3_PUBLIC_ENDPOINT), and the gateway proxies them to the S3 server (MEDIA_S3_ENDPOINT), so a
 * player on another machine needs the gateway's address only.
 */
describe('presigned audio through the gateway’s /media, end to end', () => {
  let s3: TestS3;
  let system: RunningSystem;
  let operatorToken: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: s3.env });
    operatorToken = (await api(system.gatewayUrl).post('/api/v1/auth/login', system.operator)).body.accessToken;
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  it('an uploaded song’s audioUrl is the gateway’s, and serves ranges, the whole file and revalidation', async () => {
    const mp3 = sineMp3({ hz: 440 });
    const form = new FormData();
    form.append('file', new Blob([mp3], { type: 'audio/mpeg' }), 'song.mp3');
    const created = await fetch(`${system.gatewayUrl}/api/v1/admin/music?title=Media%20song&durationSeconds=1&musicSource=AI`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const detail = await api(system.gatewayUrl).get(`/api/v1/admin/music/${id}`, { token: operatorToken });
    expect(detail.status).toBe(200);
    const audioUrl = detail.body.audioUrl as string;
    expect(audioUrl.startsWith(`${system.gatewayUrl}/media/${s3.bucket}/`)).toBe(true);
    expect(audioUrl).toContain('X-Amz-Signature=');

    const part = await get(audioUrl, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.body.length).toBe(100);
    const size = Number(part.headers['content-range']!.split('/')[1]);

    const full = await get(audioUrl);
    expect(full.status).toBe(200);
    expect(Number(full.headers['content-length'])).toBe(size);
    expect(full.body.length).toBe(size);
    expect(full.body.subarray(0, 100)).toEqual(part.body);
    expect(full.body.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['accept-ranges']).toBe('bytes');
    // As long as the link is valid (S3_PRESIGN_TTL_SECONDS, 900 by default), never longer.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(full.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(900);

    const etag = full.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get(audioUrl, { 'if-none-match': String(etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
