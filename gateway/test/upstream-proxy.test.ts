import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { eventually } from '@storecast/service-kit/testing';
import { clearPrefix, type Echo, type GatewayUnderTest, json, startGateway, startUpstream, type TestUpstream } from './helpers';

/** A raw request (node:http lets a test send the connection headers fetch forbids). */
const rawRequest = (
  gateway: GatewayUnderTest,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; statusMessage: string; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: string }> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gateway.port, path: options.path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, rawHeaders: res.rawHeaders, body }),
      );
    });
    req.on('error', reject);
    // With Expect: 100-continue the body waits for the gateway's 100 Continue.
    if (options.headers?.expect) req.on('continue', () => req.end(options.body));
    else req.end(options.body);
  });

describe('forwarding to a service (undici)', () => {
  let legal: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    legal = await startUpstream('legal');
    gateway = await startGateway({ legal: legal.url });
  });

  afterAll(async () => {
    await gateway.stop();
    await legal.close();
    await clearPrefix(gateway.prefix);
  });

  it('does not forward the connection headers of the client’s hop, nor the headers its Connection lists', async () => {
    const res = await rawRequest(gateway, {
      path: '/api/v1/terms/active',
      headers: { connection: 'keep-alive, x-hop-secret', 'keep-alive': 'timeout=5', te: 'trailers', 'x-hop-secret': 'only for the gateway', 'x-end-to-end': 'kept' },
    });
    expect(res.status).toBe(200);
    const echo = JSON.parse(res.body) as Echo;
    expect(echo.headers['keep-alive']).toBeUndefined();
    expect(echo.headers.te).toBeUndefined();
    expect(echo.headers['x-hop-secret']).toBeUndefined();
    expect(echo.headers['x-end-to-end']).toBe('kept');
  });

  it('answers a client’s Expect: 100-continue itself and forwards the body without the Expect header', async () => {
    const body = JSON.stringify({ version: '2026-11', content: 'x'.repeat(2000) });
    const res = await rawRequest(gateway, {
      path: '/api/v1/terms/active',
      method: 'POST',
      headers: { expect: '100-continue', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(res.status).toBe(200);
    const echo = JSON.parse(res.body) as Echo;
    expect(echo.headers.expect).toBeUndefined();
    expect(echo.body).toBe(body);
  });

  it('passes the service’s status line and repeated headers as they came, without its connection headers', async () => {
    legal.handlers.set('/api/v1/terms/active', (_req, res) => {
      res.writeHead(201, 'Made Here', [
        ['set-cookie', 'a=1; Path=/'],
        ['set-cookie', 'b=2; Path=/'],
        ['connection', 'x-upstream-hop'],
        ['x-upstream-hop', 'hop only'],
        ['x-answer', 'kept'],
        // Names that are members of every plain object are headers like any other.
        ['constructor', 'a header'],
      ]);
      res.end('{}');
    });
    try {
      const res = await rawRequest(gateway, { path: '/api/v1/terms/active' });
      expect(res.status).toBe(201);
      expect(res.statusMessage).toBe('Made Here');
      expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(res.headers['x-answer']).toBe('kept');
      const valuesOf = (name: string) => res.rawHeaders.filter((_, i, all) => i % 2 === 1 && all[i - 1]!.toLowerCase() === name);
      expect(valuesOf('constructor')).toEqual(['a header']);
      expect(res.headers['x-upstream-hop']).toBeUndefined();
      // The gateway's own connection management: the client's keep-alive is not the service's.
      expect(res.headers.connection).not.toBe('x-upstream-hop');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      legal.handlers.delete('/api/v1/terms/active');
    }
  });

  /** The values of one header name as they came on the wire, in order (every repeat). */
  const wireValues = (rawHeaders: string[], name: string) => rawHeaders.filter((_, i, all) => i % 2 === 1 && all[i - 1]!.toLowerCase() === name);

  it('adds the gateway’s security headers and X-Request-Id to a service’s answer, each once', async () => {
    const res = await rawRequest(gateway, { path: '/api/v1/terms/active' });
    expect(res.status).toBe(200);
    expect(wireValues(res.rawHeaders, 'x-content-type-options')).toEqual(['nosniff']);
    expect(wireValues(res.rawHeaders, 'x-frame-options')).toEqual(['SAMEORIGIN']);
    expect(wireValues(res.rawHeaders, 'strict-transport-security')).toHaveLength(1);
    expect(wireValues(res.rawHeaders, 'content-security-policy')[0]).toContain("default-src 'self'");
    expect(wireValues(res.rawHeaders, 'content-type')).toEqual(['application/json']);
    const requestIds = wireValues(res.rawHeaders, 'x-request-id');
    expect(requestIds).toHaveLength(1);
    expect((JSON.parse(res.body) as Echo).headers['x-request-id']).toBe(requestIds[0]);
    // helmet removes X-Powered-By; nothing of the gateway's own framework leaks either.
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps a service’s own value of a header the gateway also sets (security policy, request id), once', async () => {
    legal.handlers.set('/api/v1/terms/active', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html',
        'Content-Security-Policy': "default-src 'none'",
        'x-frame-options': 'DENY',
        'X-Request-Id': 'the-service-own-id',
      });
      res.end('<p>terms</p>');
    });
    try {
      const res = await rawRequest(gateway, { path: '/api/v1/terms/active' });
      expect(res.status).toBe(200);
      expect(wireValues(res.rawHeaders, 'content-security-policy')).toEqual(["default-src 'none'"]);
      expect(wireValues(res.rawHeaders, 'x-frame-options')).toEqual(['DENY']);
      expect(wireValues(res.rawHeaders, 'x-request-id')).toEqual(['the-service-own-id']);
      expect(wireValues(res.rawHeaders, 'x-content-type-options')).toEqual(['nosniff']);
      expect(res.body).toBe('<p>terms</p>');
    } finally {
      legal.handlers.delete('/api/v1/terms/active');
    }
  });

  it('a token answer (no-store set before the service answers) keeps every repeated Set-Cookie and the security headers', async () => {
    const identity = await startUpstream('identity');
    const withIdentity = await startGateway({ legal: legal.url, identity: identity.url });
    identity.handlers.set('/api/v1/auth/refresh', (_req, res) => {
      res.writeHead(200, [
        ['content-type', 'application/json'],
        ['set-cookie', 'a=1; Path=/'],
        ['set-cookie', 'b=2; Path=/'],
      ]);
      res.end('{}');
    });
    try {
      const res = await rawRequest(withIdentity, { path: '/api/v1/auth/refresh', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(wireValues(res.rawHeaders, 'cache-control')).toEqual(['no-store']);
      expect(wireValues(res.rawHeaders, 'x-content-type-options')).toEqual(['nosniff']);
      expect(wireValues(res.rawHeaders, 'x-request-id')).toHaveLength(1);
    } finally {
      await withIdentity.stop();
      await identity.close();
      await clearPrefix(withIdentity.prefix);
    }
  });

  it('passes a 5 MB response through byte for byte', async () => {
    const payload = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < payload.length; i++) payload[i] = (i * 31) & 0xff;
    legal.handlers.set('/api/v1/privacy-policy/active', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(payload.length) });
      res.end(payload);
    });
    try {
      const res = await fetch(`${gateway.url}/api/v1/privacy-policy/active`);
      const received = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(payload.length));
      expect(createHash('sha256').update(received).digest('hex')).toBe(createHash('sha256').update(payload).digest('hex'));
    } finally {
      legal.handlers.delete('/api/v1/privacy-policy/active');
    }
  });

  it('holds the service back while the client does not read (back-pressure), then delivers everything', async () => {
    const total = 128 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let flushed = 0;
    legal.handlers.set('/api/v1/privacy-policy/active', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
      const write = () => {
        while (flushed < total) {
          flushed += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', write);
            return;
          }
        }
        res.end();
      };
      write();
    });
    try {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: gateway.port, path: '/api/v1/privacy-policy/active' }, resolve).on('error', reject),
      );
      res.pause();
      // The client reads nothing: the service can only fill the buffers on the way (the sockets'
      // kernel buffers, a few MB each), then its writes stall. Without back-pressure the gateway
      // would take all of it into memory.
      let last = -1;
      await eventually(async () => {
        const now = flushed;
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(flushed).toBe(now);
        last = now;
      }, 10_000);
      expect(last).toBeLessThan(total / 2);
      let received = 0;
      res.on('data', (c: Buffer) => (received += c.length));
      res.resume();
      await new Promise((resolve) => res.on('end', resolve));
      expect(received).toBe(total);
    } finally {
      legal.handlers.delete('/api/v1/privacy-policy/active');
    }
  });

  it('cuts the client’s connection when the service fails after its response headers (nothing else to say)', async () => {
    legal.handlers.set('/api/v1/privacy-policy/active', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      setTimeout(() => req.socket.destroy(), 20);
    });
    try {
      const res = await fetch(`${gateway.url}/api/v1/privacy-policy/active`);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      // The gateway itself carries on.
      const next = await fetch(`${gateway.url}/api/v1/terms/active`);
      expect(next.status).toBe(200);
    } finally {
      legal.handlers.delete('/api/v1/privacy-policy/active');
    }
  });

});

describe('a client that goes away during an upload', () => {
  let server: http.Server;
  let gateway: GatewayUnderTest;
  /** What the service saw of each request: bytes received, and whether it ended before the body was complete. */
  const seen: Array<{ received: number; cut?: boolean }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const entry: { received: number; cut?: boolean } = { received: 0 };
      seen.push(entry);
      req.on('data', (c: Buffer) => (entry.received += c.length));
      req.on('close', () => (entry.cut = !req.complete));
      req.on('end', () => res.end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    gateway = await startGateway({ legal: `http://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await gateway.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await clearPrefix(gateway.prefix);
  });

  it('releases the service’s half-sent request too', async () => {
    const req = http.request({
      host: '127.0.0.1',
      port: gateway.port,
      path: '/api/v1/terms/active',
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(64 * 1024));
    await eventually(() => expect(seen[0]?.received).toBeGreaterThan(0));
    req.destroy();
    await eventually(() => expect(seen[0]?.cut).toBe(true));
    expect(seen[0]!.received).toBeLessThan(1024 * 1024);
    // The gateway carries on.
    const next = await fetch(`${gateway.url}/api/v1/terms/active`);
    expect(next.status).toBe(200);
  });
});

describe('an upstream URL with a base path', () => {
  let legal: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    legal = await startUpstream('legal');
    gateway = await startGateway({ legal: `${legal.url}/behind/a/prefix/` });
  });

  afterAll(async () => {
    await gateway.stop();
    await legal.close();
    await clearPrefix(gateway.prefix);
  });

  it('prefixes the request target with the base path, query kept', async () => {
    const res = await fetch(`${gateway.url}/api/v1/terms/active?lang=ko`);
    expect(res.status).toBe(200);
    const echo = await json<Echo>(res);
    expect(echo.url).toBe('/behind/a/prefix/api/v1/terms/active?lang=ko');
  });
});
