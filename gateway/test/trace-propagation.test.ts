import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { testInfra } from '@storecast/service-kit/testing';
import { keys, startUpstream, type TestUpstream, uniquePrefix } from './helpers';

// The gateway as main.ts starts it — telemetry first (src/telemetry.ts), so the instrumentation
// patches node:http before anything loads it, which jest's shared module cache cannot do — in a
// child process (tsx, workspace packages from their sources), with the standard sampler
// variables. The upstream sees what a service would.
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const gatewayDir = path.join(__dirname, '..');

const startGatewayProcess = (env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: gatewayDir,
      env: { PATH: process.env.PATH ?? '', TSX_TSCONFIG_PATH: 'test/support/tsconfig.child.json', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'gateway listening') resolve({ child, url: `http://127.0.0.1:${entry.port}` });
    });
  });

describe('trace context through the gateway (telemetry on, as shipped)', () => {
  let legal: TestUpstream;
  let gateway: { child: ChildProcess; url: string };

  beforeAll(async () => {
    legal = await startUpstream('legal');
    gateway = await startGatewayProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      GATEWAY_PORT: '0',
      REDIS_URL: testInfra().redisUrl,
      RATE_LIMIT_KEY_PREFIX: uniquePrefix(),
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      LEGAL_HTTP_URL: legal.url,
      IDENTITY_GRPC_ADDR: '127.0.0.1:1',
      // No trace is ever started here (ratio 0): only callers' sampled traces are recorded.
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
    });
  }, 60_000);

  afterAll(async () => {
    if (gateway?.child.exitCode === null) {
      gateway.child.removeAllListeners('exit');
      const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
      gateway.child.kill('SIGTERM');
      await exited;
    }
    await legal.close();
  });

  const traceparentReceived = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${gateway.url}/api/v1/terms/active`, { headers });
    expect(res.status).toBe(200);
    const received = legal.received.at(-1)?.headers.traceparent;
    expect(typeof received).toBe('string');
    const [, traceId, spanId, flags] = TRACEPARENT.exec(received as string) ?? [];
    return { traceId, spanId, flags };
  };

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
});
