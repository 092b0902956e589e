import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadGatewayConfig, DEFAULT_WEB_DIST_DIR } from '../src/config';
import { webContentSecurityPolicy } from '../src/web/web-app';
import { clearPrefix, type GatewayUnderTest, startGateway, startUpstream, type TestUpstream } from './helpers';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-3f2a1b9c.js"></script></head><body><div id="root"></div></body></html>';
const SECRET = 'outside-the-dist-directory';

/** A build as `vite build` of web/ lays it out, next to a file that must never be served. */
const makeDist = (withIndex = true): { dir: string; dist: string } => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecast-web-'));
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ secret: SECRET }));
  if (withIndex) fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-3f2a1b9c.js'), 'console.log("app");');
  fs.writeFileSync(path.join(dist, 'assets', 'index-9e8d7c6b.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dist, 'assets', '.hidden'), SECRET);
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dist, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");');
  fs.writeFileSync(path.join(dist, 'workbox-5ffe50d4.js'), 'self.workbox = {};');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Storecast', start_url: '/' }));
  fs.writeFileSync(path.join(dist, 'pwa-192x192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  fs.writeFileSync(path.join(dist, '.env'), SECRET);
  return { dir, dist };
};

/** A request with the path exactly as given (fetch would resolve %2e%2e and dot segments first). */
const raw = (
  base: string,
  rawPath: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> =>
  new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const expectNotFoundEnvelope = async (res: Response) => {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
};

describe('the gateway serves the web app', () => {
  let identity: TestUpstream;
  let fixture: { dir: string; dist: string };
  const gateways: GatewayUnderTest[] = [];
  let g: GatewayUnderTest;
  beforeAll(async () => {
    identity = await startUpstream('identity');
    fixture = makeDist();
    g = await gateway({ WEB_DIST_DIR: fixture.dist });
  });
  afterAll(async () => {
    for (const each of gateways) {
      await each.stop();
      await clearPrefix(each.prefix);
    }
    await identity.close();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });
  const gateway = async (env: Record<string, string>) => {
    const started = await startGateway({ identity: identity.url }, env);
    gateways.push(started);
    return started;
  };

  it('serves hashed assets for a year, immutable, with their content type and the app’s CSP', async () => {
    const res = await fetch(`${g.url}/assets/index-3f2a1b9c.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(await res.text()).toBe('console.log("app");');
    expect((await fetch(`${g.url}/assets/index-9e8d7c6b.css`)).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('serves index.html, sw.js, registerSW.js, workbox, the manifest and icons with no-cache and revalidates them', async () => {
    for (const [file, type] of [
      ['/index.html', /^text\/html/],
      ['/sw.js', /^text\/javascript/],
      ['/registerSW.js', /^text\/javascript/],
      ['/workbox-5ffe50d4.js', /^text\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
      ['/pwa-192x192.png', /^image\/png$/],
    ] as const) {
      const res = await fetch(`${g.url}${file}`);
      expect([file, res.status]).toEqual([file, 200]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(type);
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      const etag = res.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(res.headers.get('last-modified')).toBeTruthy();
      await res.arrayBuffer();
      // node:http: fetch adds Cache-Control: no-cache to a request with If-None-Match (fetch spec).
      expect((await raw(g.url, file, 'GET', { 'if-none-match': etag! })).status).toBe(304);
      expect((await raw(g.url, file, 'GET', { 'if-modified-since': res.headers.get('last-modified')! })).status).toBe(304);
    }
    // No Service-Worker-Allowed: sw.js is at the root, its default scope.
    expect((await fetch(`${g.url}/sw.js`)).headers.get('service-worker-allowed')).toBeNull();
  });

  it.each([
    '/',
    '/login',
    '/setup',
    '/setup?token=x',
    '/reset-password?token=abc',
    '/email-change?token=abc',
    '/change-password',
    '/agreements',
    '/login/',
    '/player',
    '/player/queue',
    '/hq',
    '/hq/stores/42/devices',
    '/admin',
    '/admin/accounts/7?tab=audit',
  ])('answers %s with index.html (no-cache, the app’s CSP)', async (page) => {
    const res = await fetch(`${g.url}${page}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(await res.text()).toBe(INDEX);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await raw(g.url, page, 'GET', { 'if-none-match': etag! })).status).toBe(304);
  });

  it('keeps helmet’s other headers on the app’s responses, without upgrade-insecure-requests', async () => {
    const res = await fetch(`${g.url}/player`);
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers HEAD like GET without a body', async () => {
    for (const page of ['/', '/hq/stores', '/assets/index-3f2a1b9c.js', '/sw.js']) {
      const res = await raw(g.url, page, 'HEAD');
      expect([page, res.status, res.body]).toEqual([page, 200, '']);
      expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    }
  });

  it('keeps the platform’s 404 envelope for everything else, API paths unchanged', async () => {
    for (const p of ['/api/v1/nope', '/nope', '/assets/index-00000000.js', '/players', '/hqx', '/v1/nothing', '/media/storecast/x']) {
      await expectNotFoundEnvelope(await fetch(`${g.url}${p}`));
    }
    // API responses keep helmet's policy (upgrade-insecure-requests included), not the app's.
    const api = await fetch(`${g.url}/api/v1/nope`);
    expect(api.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    // Other methods than GET/HEAD are not the app's.
    await expectNotFoundEnvelope(await fetch(`${g.url}/login`, { method: 'POST' }));
    // Routed paths still go to their service.
    const routed = await fetch(`${g.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(routed.status).toBe(200);
    expect(((await routed.json()) as { service: string }).service).toBe('identity');
  });

  it('never lists a directory nor serves a dotfile', async () => {
    for (const p of ['/assets/', '/assets', '/.env', '/assets/.hidden']) {
      const res = await fetch(`${g.url}${p}`);
      expect([p, res.status]).toEqual([p, 404]);
      expect(await res.text()).not.toContain(SECRET);
    }
  });

  it.each([
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/%2e%2e/',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/assets/..%5c..%5cpackage.json',
    '/player/..%2f..%2f..%2fpackage.json',
    '/assets/../../package.json',
  ])('never leaves the directory: %s', async (p) => {
    const res = await raw(g.url, p);
    expect(res.body).not.toContain(SECRET);
    expect([200, 404]).toContain(res.status);
    if (res.status === 200) expect(res.body).toBe(INDEX);
  });

  it('without a build answers the web routes 503 with a short page, and the API still works', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'storecast-web-none-'));
    try {
      for (const distDir of [path.join(empty, 'missing'), empty]) {
        const bare = await gateway({ WEB_DIST_DIR: distDir });
        for (const page of ['/', '/setup?token=x', '/player/queue', '/assets/index-3f2a1b9c.js']) {
          const res = await fetch(`${bare.url}${page}`);
          expect([page, res.status]).toEqual([page, 503]);
          expect(res.headers.get('content-type')).toMatch(/^text\/html/);
          expect(res.headers.get('cache-control')).toBe('no-store');
          expect(await res.text()).toContain('npm run build -w web');
        }
        expect((await raw(bare.url, '/login', 'HEAD')).status).toBe(503);
        await expectNotFoundEnvelope(await fetch(`${bare.url}/api/v1/nope`));
        expect((await fetch(`${bare.url}/healthz`)).status).toBe(200);
        const routed = await fetch(`${bare.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(routed.status).toBe(200);
      }
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('allows a public media origin other than the gateway’s in media-src and connect-src only', async () => {
    const withMedia = await gateway({ WEB_DIST_DIR: fixture.dist, S3_PUBLIC_ENDPOINT: 'https://media.example.com/storecast' });
    const csp = (await fetch(`${withMedia.url}/player`)).headers.get('content-security-policy');
    expect(csp).toBe(webContentSecurityPolicy('https://media.example.com'));
    expect(csp).toContain("media-src 'self' blob: https://media.example.com;");
    expect(csp).toContain("connect-src 'self' https://media.example.com;");
    // The gateway's own /media (its origin the request's, or PUBLIC_BASE_URL's): nothing added.
    const own = await gateway({ WEB_DIST_DIR: fixture.dist, S3_PUBLIC_ENDPOINT: 'http://localhost:8080/media', PUBLIC_BASE_URL: 'http://localhost:8080' });
    expect((await fetch(`${own.url}/player`)).headers.get('content-security-policy')).toBe(CSP);
    // Unset PUBLIC_BASE_URL: the request's own origin (Host) decides.
    const byHost = await gateway({ WEB_DIST_DIR: fixture.dist, S3_PUBLIC_ENDPOINT: 'http://storecast.local:8080/media' });
    expect((await raw(byHost.url, '/player', 'GET', { host: 'storecast.local:8080' })).headers['content-security-policy']).toBe(CSP);
    expect((await raw(byHost.url, '/player', 'GET', { host: 'other.local:8080' })).headers['content-security-policy']).toBe(
      webContentSecurityPolicy('http://storecast.local:8080'),
    );
  });
});

describe('WEB_DIST_DIR', () => {
  it('defaults to the checkout’s web/dist, from src/ and from dist/ alike', () => {
    const root = path.resolve(__dirname, '../..');
    expect(DEFAULT_WEB_DIST_DIR).toBe(path.join(root, 'web', 'dist'));
    expect(loadGatewayConfig({}).WEB_DIST_DIR).toBe(path.join(root, 'web', 'dist'));
    // The built gateway (gateway/dist/config.js) resolves the same directory.
    expect(path.resolve(path.join(root, 'gateway', 'dist'), '../../web/dist')).toBe(path.join(root, 'web', 'dist'));
    expect(loadGatewayConfig({ WEB_DIST_DIR: 'some/where' }).WEB_DIST_DIR).toBe(path.resolve('some/where'));
  });
});
