import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { z } from 'zod';
import { AppError, badRequest, createHttpApp, createS3Storage, listen, readUpload, sniffFileType, storageEnv, type RunningHttpServer } from '../src';
import { startTestS3, type TestS3 } from '../src/testing';
import { Router } from 'express';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200d4e0c1d10000000049454e44ae426082', 'hex');

describe('object storage over the embedded S3 server', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());

  const storage = () =>
    createS3Storage({
      S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true, S3_PRESIGN_TTL_SECONDS: 60,
    });

  it('stores, reads back, presigns a GET that serves the bytes, and deletes idempotently', async () => {
    const store = storage();
    await store.ensureBucket();
    await store.put('music/a.png', PNG, 'image/png', PNG.length);
    expect(await store.exists('music/a.png')).toBe(true);
    expect(await store.get('music/a.png')).toEqual(PNG);
    const url = await store.presignGet('music/a.png');
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    await store.delete('music/a.png');
    await store.delete('music/a.png');
    expect(await store.exists('music/a.png')).toBe(false);
    expect(await store.get('music/a.png')).toBeUndefined();
    store.close();
  });

  it('deletes many keys at once: each once, missing ones included, and answers how many', async () => {
    const store = storage();
    await store.ensureBucket();
    const keys = Array.from({ length: 20 }, (_, i) => `many/${i}.png`);
    for (const key of keys) await store.put(key, PNG, 'image/png', PNG.length);
    expect(await store.deleteMany([...keys, keys[0]!, 'many/never-stored.png'])).toBe(21);
    for (const key of keys) expect(await store.exists(key)).toBe(false);
    expect(await store.deleteMany([])).toBe(0);
    store.close();
  });

  it('with S3_PUBLIC_ENDPOINT, presigns for that endpoint (its path prefix kept) and does everything else at S3_ENDPOINT', async () => {
    // The public endpoint: a proxy under /media in front of the S3 server, as the gateway's /media.
    const proxy = http.createServer((req, res) => {
      const url = req.url ?? '';
      if (!url.startsWith('/media/')) {
        res.writeHead(404).end();
        return;
      }
      const upstream = http.request(`${s3.endpoint}${url.slice('/media'.length)}`, { method: req.method }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.end();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const publicEndpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/media`;
    try {
      const store = createS3Storage({
        S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: true, S3_PRESIGN_TTL_SECONDS: 60, S3_PUBLIC_ENDPOINT: publicEndpoint,
      });
      await store.ensureBucket();
      await store.put('music/a b+ü.png', PNG, 'image/png', PNG.length);
      expect(await store.get('music/a b+ü.png')).toEqual(PNG);
      const url = new URL(await store.presignGet('music/a b+ü.png'));
      expect(`${url.origin}${url.pathname}`).toBe(`${publicEndpoint}/${s3.bucket}/music/a%20b%2B%C3%BC.png`);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
      await store.delete('music/a b+ü.png');
      expect(await store.exists('music/a b+ü.png')).toBe(false);
      store.close();
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('reads S3_PUBLIC_ENDPOINT as optional: empty or absent is unset, anything else must be a URL', () => {
    const schema = z.object(storageEnv);
    expect(schema.parse({}).S3_PUBLIC_ENDPOINT).toBeUndefined();
    expect(schema.parse({ S3_PUBLIC_ENDPOINT: '' }).S3_PUBLIC_ENDPOINT).toBeUndefined();
    expect(schema.parse({ S3_PUBLIC_ENDPOINT: 'http://localhost:8080/media' }).S3_PUBLIC_ENDPOINT).toBe('http://localhost:8080/media');
    expect(schema.safeParse({ S3_PUBLIC_ENDPOINT: 'not a url' }).success).toBe(false);
  });

  it('deleteMany rejects when the storage does not answer', async () => {
    const store = createS3Storage({
      S3_ENDPOINT: 'http://127.0.0.1:9', S3_REGION: 'us-east-1', S3_BUCKET: 'none', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'x',
      S3_FORCE_PATH_STYLE: true, S3_PRESIGN_TTL_SECONDS: 60,
    });
    await expect(store.deleteMany(['a', 'b', 'c'])).rejects.toThrow();
    store.close();
  });
});

describe('reading an upload', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    const router = Router();
    router.post(
      '/upload',
      readUpload({ field: 'file', maxBytes: 1024, tooLarge: () => badRequest('THING_INVALID_FIELD', 'too large'), invalid: (r) => badRequest('THING_INVALID_FIELD', r) }),
      async (req, res) => {
        const file = req.upload?.file;
        res.json({ size: file?.size ?? null, sniffed: file ? ((await sniffFileType(file.buffer))?.mime ?? null) : null, fields: req.upload?.fields });
      },
    );
    server = await listen(createHttpApp({ logger: pino({ level: 'silent' }), production: false, routers: [router] }), 0, '127.0.0.1');
  });
  afterAll(() => server.close());

  const post = (form: FormData | string) =>
    fetch(`${server.url}/upload`, typeof form === 'string' ? { method: 'POST', body: form, headers: { 'content-type': 'application/json' } } : { method: 'POST', body: form });

  it('holds the file and the fields, and sniffs the type from the bytes whatever the declared type', async () => {
    const form = new FormData();
    form.append('title', 'Lamp');
    form.append('file', new Blob([PNG], { type: 'audio/mpeg' }), 'x.mp3');
    const body = await (await post(form)).json();
    expect(body).toEqual({ size: PNG.length, sniffed: 'image/png', fields: { title: 'Lamp' } });
  });

  it('a file over the limit is refused while it is read, with the given code', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(5000, 1)]), 'big.bin');
    const res = await post(form);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('THING_INVALID_FIELD');
  });

  it('a file of exactly the limit is accepted and one byte more is refused', async () => {
    const exact = new FormData();
    exact.append('file', new Blob([Buffer.alloc(1024, 1)]), 'exact.bin');
    const ok = await post(exact);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { size: number }).size).toBe(1024);
    const over = new FormData();
    over.append('file', new Blob([Buffer.alloc(1025, 1)]), 'over.bin');
    expect((await post(over)).status).toBe(400);
  });

  it('a body that is not multipart is refused with the given code, not a 500', async () => {
    const res = await post('{"a":1}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/multipart/);
  });

  it('unknown bytes sniff as nothing', async () => {
    expect(await sniffFileType(Buffer.from('plain text, no signature'))).toBeUndefined();
    expect(new AppError(400, 'X', 'y').httpStatus).toBe(400);
  });
});
