import { Writable } from 'node:stream';
import pino from 'pino';
import { createHttpApp, listen, type RunningHttpServer } from '../src';

/** A logger whose lines the test can read. */
const capturingLogger = () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
};

describe('/healthz and /readyz', () => {
  let server: RunningHttpServer;
  let captured: ReturnType<typeof capturingLogger>;
  let shuttingDown = false;

  beforeAll(async () => {
    captured = capturingLogger();
    const app = createHttpApp({
      logger: captured.logger,
      production: true,
      routers: [],
      readiness: {
        database: async () => {
          throw new Error('password authentication failed for user "storecast_admin" at db-7.internal:5432');
        },
        broker: async () => undefined,
      },
      isShuttingDown: () => shuttingDown,
    });
    server = await listen(app, 0, '127.0.0.1');
  });

  afterAll(async () => server.close());

  it('/readyz names each check with ok or failed only; why it failed goes to the log, not to the caller', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: 'unavailable', checks: { database: 'failed', broker: 'ok' } });
    expect(text).not.toMatch(/password|storecast_admin|internal|5432/);
    const logged = captured.lines.find((l) => l.msg === 'readiness check failed');
    expect(logged).toMatchObject({ check: 'database', err: { message: expect.stringContaining('password authentication failed') } });
  });

  it('/healthz answers while the process runs, and /readyz says shutting-down once stopping', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    shuttingDown = true;
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'shutting-down' });
  });
});
