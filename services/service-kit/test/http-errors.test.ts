import express, { Router } from 'express';
import pino from 'pino';
import { z } from 'zod';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response): Promise<any> => res.json();

import { AppError, createHttpApp, listen, parseInput, legacyErrorHandler, REDACT_PATHS, type RunningHttpServer } from '../src';
import { eventually } from '../src/testing';

const lines: Array<Record<string, unknown>> = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

const routes = () => {
  const r = Router();
  r.post('/api/v1/things', (req, res) => {
    const body = parseInput(z.object({ name: z.string().min(1), size: z.number().int().max(10) }), req.body);
    res.status(201).json(body);
  });
  r.get('/api/v1/conflict', () => {
    throw new AppError(409, 'THING_TAKEN', 'Already there', { fields: { violatingIds: 'a,b' } });
  });
  r.get('/api/v1/limited', () => {
    throw new AppError(429, 'RATE_LIMITED', 'Too many requests', { headers: { 'Retry-After': '12' } });
  });
  r.get('/api/v1/things/:thingId', (req, res) => {
    res.json({ id: req.params.thingId });
  });
  r.get('/api/v1/boom', async () => {
    throw new Error('database password=hunter2 leaked in message');
  });
  return r;
};

describe('the platform error handler', () => {
  const servers: RunningHttpServer[] = [];
  const start = async (production: boolean) => {
    const s = await listen(createHttpApp({ logger, production, routers: [routes()] }), 0, '127.0.0.1');
    servers.push(s);
    return s.url;
  };
  afterAll(async () => Promise.all(servers.map((s) => s.close())));

  it.each([
    ['a lone surrogate as WTF-8', '%ED%A0%80'],
    ['a malformed escape', '%E0%A4%A'],
  ])('a path parameter that is not percent-encoded UTF-8 (%s) answers 400 VALIDATION_FAILED, not 500', async (_what, segment) => {
    const res = await fetch(`${await start(false)}/api/v1/things/${segment}`);
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      success: false,
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: [expect.objectContaining({ field: '(path)' })] },
    });
  });

  it('answers bad input with 400 VALIDATION_FAILED and one detail per field', async () => {
    const url = await start(false);
    const res = await fetch(`${url}/api/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '', size: 11 }) });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'size']);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const url = await start(false);
    const res = await fetch(`${url}/api/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers an oversized JSON body with 413', async () => {
    const url = await start(false);
    const res = await fetch(`${url}/api/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
  });

  it('renders an AppError with its status, code, fields and headers', async () => {
    const url = await start(false);
    const conflict = await fetch(`${url}/api/v1/conflict`);
    expect(conflict.status).toBe(409);
    expect(await json(conflict)).toEqual({ success: false, error: { code: 'THING_TAKEN', message: 'Already there', fields: { violatingIds: 'a,b' } } });
    const limited = await fetch(`${url}/api/v1/limited`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
  });

  it('answers an unknown path with 404 NOT_FOUND', async () => {
    const url = await start(false);
    const res = await fetch(`${url}/nowhere`);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('NOT_FOUND');
  });

  it('in production masks an unexpected error as 500 INTERNAL_ERROR whose errorId is also in the log line', async () => {
    const url = await start(true);
    lines.length = 0;
    const res = await fetch(`${url}/api/v1/boom`);
    expect(res.status).toBe(500);
    const body = await json(res);
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.message).not.toContain('hunter2');
    expect(body.error.errorId).toMatch(/[0-9a-f-]{36}/);
    expect(lines.some((l) => l.errorId === body.error.errorId && l.level === 50)).toBe(true);
  });

  it('serves /healthz', async () => {
    const url = await start(false);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('the legacy (spec 01) error shape', () => {
  it('answers { message, error: "Bad Request", statusCode } for client errors and masks defects', async () => {
    const app = express();
    app.get('/v1/music/offset', () => {
      throw new AppError(400, 'TAKE_MISSING', 'Number of music tracks to be called is missing.');
    });
    app.get('/v1/music/boom', () => {
      throw new Error('x');
    });
    app.use(legacyErrorHandler({ logger: pino({ level: 'silent' }), production: true }));
    const s = await listen(app, 0, '127.0.0.1');
    try {
      const res = await fetch(`${s.url}/v1/music/offset`);
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ message: 'Number of music tracks to be called is missing.', error: 'Bad Request', statusCode: 400 });
      const boom = await fetch(`${s.url}/v1/music/boom`);
      expect(await json(boom)).toEqual({ message: 'Unknown error has occurred.', error: 'Bad Request', statusCode: 500 });
    } finally {
      await s.close();
    }
  });
});

describe('request context', () => {
  it("the request line carries only its fixed fields (it skips redaction), while a handler's lines are still redacted", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, { write: (line: string) => void seen.push(JSON.parse(line)) });
    const r = Router();
    r.get('/api/v1/things/:id', (req, res) => {
      req.log.info({ token: 'secret-token', body: { password: 'secret-password' } }, 'handler line');
      res.json({ ok: true });
    });
    const s = await listen(createHttpApp({ logger: log, production: false, routers: [r] }), 0, '127.0.0.1');
    try {
      await fetch(`${s.url}/api/v1/things/42?ticket=secret-ticket&token=secret-token`, { headers: { 'x-request-id': 'fixed-1', authorization: 'Bearer secret' } });
      await eventually(() => expect(seen.filter((l) => l.msg === 'request')).toHaveLength(1));
      const line = seen.find((l) => l.msg === 'request')!;
      expect(Object.keys(line).filter((k) => !['level', 'time', 'pid', 'hostname', 'msg'].includes(k)).sort()).toEqual(['method', 'ms', 'path', 'requestId', 'status']);
      expect(line).toMatchObject({ requestId: 'fixed-1', method: 'GET', path: '/api/v1/things/42', status: 200 });
      expect(seen.find((l) => l.msg === 'handler line')).toMatchObject({ requestId: 'fixed-1', token: '[redacted]', body: { password: '[redacted]' } });
      expect(JSON.stringify(seen)).not.toContain('secret');
    } finally {
      await s.close();
    }
  });
  it('keeps a plain incoming X-Request-Id, replaces a strange one, and logs an aborted request once', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void seen.push(JSON.parse(line)) });
    const r = Router();
    r.get('/api/v1/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': hello\n\n');
    });
    const s = await listen(createHttpApp({ logger: log, production: false, routers: [r] }), 0, '127.0.0.1');
    try {
      const plain = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
      expect(plain.headers.get('x-request-id')).toBe('abc-123');
      const strange = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'x'.repeat(300) } });
      expect(strange.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const controller = new AbortController();
      const res = await fetch(`${s.url}/api/v1/stream`, { signal: controller.signal });
      await res.body!.getReader().read();
      controller.abort();
      await eventually(() => expect(seen.filter((l) => l.path === '/api/v1/stream')).toEqual([expect.objectContaining({ aborted: true, status: 200 })]));
    } finally {
      await s.close();
    }
  });
  it('a finished request logs one line with its id; req.log, made only when a handler logs, carries the same id and can be narrowed', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void seen.push(JSON.parse(line)) });
    const r = Router();
    r.get('/api/v1/quiet', (_req, res) => {
      res.json({ ok: true });
    });
    r.get('/api/v1/chatty', (req, res) => {
      req.log.info('first');
      req.log = req.log.child({ step: 'narrowed' });
      req.log.info('second');
      res.json({ ok: true });
    });
    const s = await listen(createHttpApp({ logger: log, production: false, routers: [r] }), 0, '127.0.0.1');
    try {
      await fetch(`${s.url}/api/v1/quiet`, { headers: { 'x-request-id': 'quiet-1' } });
      await fetch(`${s.url}/api/v1/chatty`, { headers: { 'x-request-id': 'chatty-1' } });
      await fetch(`${s.url}/api/v1/chatty`, { headers: { 'x-request-id': 'chatty-2' } });
      await eventually(() => expect(seen.filter((l) => l.msg === 'request')).toHaveLength(3));
      expect(seen.filter((l) => l.msg === 'request')).toEqual([
        expect.objectContaining({ requestId: 'quiet-1', method: 'GET', path: '/api/v1/quiet', status: 200 }),
        expect.objectContaining({ requestId: 'chatty-1', path: '/api/v1/chatty', status: 200 }),
        expect.objectContaining({ requestId: 'chatty-2', path: '/api/v1/chatty', status: 200 }),
      ]);
      expect(seen.filter((l) => l.msg === 'request').some((l) => 'aborted' in l)).toBe(false);
      expect(seen.filter((l) => l.msg === 'first').map((l) => l.requestId)).toEqual(['chatty-1', 'chatty-2']);
      expect(seen.filter((l) => l.msg === 'second')).toEqual([
        expect.objectContaining({ requestId: 'chatty-1', step: 'narrowed' }),
        expect.objectContaining({ requestId: 'chatty-2', step: 'narrowed' }),
      ]);
    } finally {
      await s.close();
    }
  });
});
