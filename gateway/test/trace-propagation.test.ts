import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { eventually, testInfra } from '@storecast/service-kit/testing';
import type { ServiceName } from '../src/routes/route-table';
import { bearer, keys, startUpstream, type TestUpstream, tokens, uniquePrefix } from './helpers';

// The gateway as main.ts starts it — telemetry first (src/telemetry.ts), so the instrumentation
// patches node:http before anything loads it, which jest's shared module cache cannot do — in a
// child process (tsx, workspace packages from their sources), with the standard sampler
// variables. The upstream sees what a service would.
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const gatewayDir = path.join(__dirname, '..');

interface GatewayProcess {
  child: ChildProcess;
  url: string;
  /** Every log line the process wrote so far. */
  logs: Array<Record<string, unknown>>;
}

const startGatewayProcess = (env: Record<string, string>): Promise<GatewayProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: gatewayDir,
      env: { PATH: process.env.PATH ?? '', TSX_TSCONFIG_PATH: 'test/support/tsconfig.child.json', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    const logs: GatewayProcess['logs'] = [];
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      logs.push(entry);
      if (entry.msg === 'gateway listening') resolve({ child, url: `http://127.0.0.1:${entry.port}`, logs });
    });
  });

const stopGatewayProcess = async (gateway: { child: ChildProcess } | undefined) => {
  if (gateway?.child.exitCode !== null) return;
  gateway.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
  gateway.child.kill('SIGTERM');
  await exited;
};

/** What every gateway process here runs with (no identity: API keys are not used). */
const gatewayEnv = () => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  GATEWAY_PORT: '0',
  REDIS_URL: testInfra().redisUrl,
  RATE_LIMIT_KEY_PREFIX: uniquePrefix(),
  JWT_PUBLIC_KEY: keys.publicKeyPem,
  IDENTITY_GRPC_ADDR: '127.0.0.1:1',
});

/** A gateway process in front of a fake legal service, with these sampler variables. */
const gatewayWithSampler = (sampler: Record<string, string>) => {
  const state = {} as { legal: TestUpstream; gateway: GatewayProcess };
  beforeAll(async () => {
    state.legal = await startUpstream('legal');
    state.gateway = await startGatewayProcess({ ...gatewayEnv(), LEGAL_HTTP_URL: state.legal.url, ...sampler });
  }, 60_000);
  afterAll(async () => {
    await stopGatewayProcess(state.gateway);
    await state.legal?.close();
  });
  /** The traceparent the service received for one request through the gateway. */
  const traceparentReceived = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${state.gateway.url}/api/v1/terms/active`, { headers });
    expect(res.status).toBe(200);
    const received = state.legal.received.at(-1)?.headers.traceparent;
    expect(typeof received).toBe('string');
    const [, traceId, spanId, flags] = TRACEPARENT.exec(received as string) ?? [];
    return { traceId, spanId, flags };
  };
  return Object.assign(traceparentReceived, { state });
};

describe('trace context through the gateway (telemetry on, as shipped)', () => {
  // No trace is ever started here (ratio 0): only callers' sampled traces are recorded.
  const traceparentReceived = gatewayWithSampler({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' });

  it('a request the sampler leaves out still reaches the service with a traceparent whose sampled flag is off', async () => {
    const { traceId, flags } = await traceparentReceived();
    expect(traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(flags).toBe('00');
  });

  it('an unsampled caller trace continues with the same trace id, still unsampled', async () => {
    const { traceId, spanId, flags } = await traceparentReceived({ traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-00` });
    expect(traceId).toBe(TRACE_ID);
    expect(spanId).not.toBe(CLIENT_SPAN); // the gateway's own span is the service's parent
    expect(flags).toBe('00');
  });

  it('a sampled caller trace is followed (parent-based): the service is told to sample it', async () => {
    const { traceId, spanId, flags } = await traceparentReceived({ traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-01` });
    expect(traceId).toBe(TRACE_ID);
    expect(spanId).not.toBe(CLIENT_SPAN);
    expect(flags).toBe('01');
  });

  it("the request's log line carries its trace id (a refusal the gateway answers itself, unsampled)", async () => {
    const res = await fetch(`${traceparentReceived.state.gateway.url}/api/v1/hq/me`, { headers: { traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-00` } });
    expect(res.status).toBe(401);
    await res.arrayBuffer();
    const line = () => traceparentReceived.state.gateway.logs.find((l) => l.msg === 'request' && l.path === '/api/v1/hq/me');
    // The line is written when the response closes, right after the client has it.
    for (let i = 0; i < 100 && !line(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(line()).toMatchObject({ status: 401, traceId: TRACE_ID, requestId: expect.any(String) });
  });
});

describe('the standard sampler variables decide for the gateway\'s request span', () => {
  // Not parent-based: every request is sampled, whatever the caller decided.
  const traceparentReceived = gatewayWithSampler({ OTEL_TRACES_SAMPLER: 'always_on' });

  it('OTEL_TRACES_SAMPLER=always_on samples a request that starts a trace', async () => {
    const { traceId, flags } = await traceparentReceived();
    expect(traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(flags).toBe('01');
  });

  it('and samples an unsampled caller trace too, keeping its trace id', async () => {
    const { traceId, spanId, flags } = await traceparentReceived({ traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-00` });
    expect(traceId).toBe(TRACE_ID);
    expect(spanId).not.toBe(CLIENT_SPAN);
    expect(flags).toBe('01');
  });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
}

/** An OTLP/HTTP JSON collector: keeps every span it is sent, and how many came in each export. */
const startCollector = async () => {
  const spans: OtlpSpan[] = [];
  const exports: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
      };
      const before = spans.length;
      for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      exports.push(spans.length - before);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, exports, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
};

/**
 * A gateway process that samples every request and exports its spans (OTLP/HTTP JSON) to a
 * collector of the test's, in front of one fake service (its URL under `urlVariable`).
 */
const exportingGateway = (service: ServiceName, urlVariable: string, env: Record<string, string> = {}) => {
  const state = {} as { upstream: TestUpstream; gateway: GatewayProcess; collector: Awaited<ReturnType<typeof startCollector>> };
  beforeAll(async () => {
    state.upstream = await startUpstream(service);
    state.collector = await startCollector();
    state.gateway = await startGatewayProcess({
      ...gatewayEnv(),
      [urlVariable]: state.upstream.url,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_EXPORTER_OTLP_ENDPOINT: state.collector.url,
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      ...env,
    });
  }, 60_000);
  afterAll(async () => {
    await stopGatewayProcess(state.gateway);
    await state.upstream?.close();
    await state.collector?.close();
  });
  return state;
};

describe('span exports come in batches of 64 (kit default), or as OTEL_BSP_MAX_EXPORT_BATCH_SIZE says', () => {
  // Each export serialises its batch in one go on the event loop: 512 spans (the SDK's default)
  // stalled the gateway for 3–8 ms at a time (service-kit telemetry.ts).
  const withBatchSize = (batchSize: Record<string, string>) => {
    const state = exportingGateway('legal', 'LEGAL_HTTP_URL', batchSize);
    /** Sends n requests; full batches leave at once (the 5 s schedule is for a partial one). */
    return async (n: number) => {
      for (let i = 0; i < n; i++) await (await fetch(`${state.gateway.url}/api/v1/terms/active`)).arrayBuffer();
      return state.collector;
    };
  };

  describe('by default', () => {
    const send = withBatchSize({});
    it('150 sampled requests leave as two exports of 64 spans, the rest waiting for the schedule', async () => {
      const collector = await send(150);
      await eventually(() => expect(collector.exports).toEqual([64, 64]), 3_000);
    });
  });

  describe('with OTEL_BSP_MAX_EXPORT_BATCH_SIZE=20', () => {
    const send = withBatchSize({ OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '20' });
    it('50 sampled requests leave as two exports of 20 spans', async () => {
      const collector = await send(50);
      await eventually(() => expect(collector.exports).toEqual([20, 20]), 3_000);
    });
  });
});

describe("the gateway's own calls are children of its request span (synchronous context manager)", () => {
  const state = exportingGateway('announcement-dispatch', 'ANNOUNCEMENT_DISPATCH_HTTP_URL', { OTEL_BSP_SCHEDULE_DELAY: '50' });

  it('a rate-limited token route: the revocation check and the rate-limit command, both made after an await, are Redis spans under the request span', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${state.gateway.url}/api/v1/hq/announcements/${randomUUID()}/dispatch`, {
      method: 'POST',
      headers: { ...bearer(tokens.hq()), 'content-type': 'application/json', traceparent: `00-${traceId}-${CLIENT_SPAN}-01` },
      body: '{}',
    });
    expect(res.status).toBe(200);
    // JSON OTLP ids are hex, as in traceparent.
    const ofTrace = () => state.collector.spans.filter((s) => s.traceId === traceId);
    await eventually(() => expect(ofTrace().filter((s) => s.kind === 3).length).toBeGreaterThanOrEqual(2), 10_000);
    const request = ofTrace().find((s) => s.kind === 2)!;
    expect(request).toMatchObject({ parentSpanId: CLIENT_SPAN, name: expect.stringContaining('POST') });
    // Client spans: here only Redis (no API key, so no gRPC), in the order they started.
    const redis = ofTrace()
      .filter((s) => s.kind === 3)
      .sort((a, b) => Number(BigInt(a.startTimeUnixNano) - BigInt(b.startTimeUnixNano)));
    expect(redis.map((s) => s.parentSpanId)).toEqual(redis.map(() => request.spanId));
    // The revocation GET (the token was verified for the first time: after jose's await), then the
    // limiter's own command (after the token check's await).
    expect(redis.map((s) => s.name)).toEqual(['get', 'evalsha']);
    // The service was told the request span is its parent.
    expect(state.upstream.received.at(-1)?.headers.traceparent).toBe(`00-${traceId}-${request.spanId}-01`);
  });
});
