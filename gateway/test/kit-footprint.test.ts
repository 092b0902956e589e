import { spawnSync } from 'node:child_process';
import path from 'node:path';

const gatewayDir = path.join(__dirname, '..');

/** The packages a stateless edge process has no use for: databases, the broker, object storage. */
const STATEFUL = /[\\/]node_modules[\\/](pg|pg-pool|drizzle-orm|amqplib|@aws-sdk)[\\/]/;
/** The OpenTelemetry SDK and its instrumentations: loaded only when telemetry starts. */
const OTEL_SDK = /[\\/]node_modules[\\/]@opentelemetry[\\/](sdk-node|auto-instrumentations-node|sdk-trace-base|exporter-[^\\/]+)[\\/]/;

describe('what the gateway loads', () => {
  it('loads none of the kit’s database, broker or storage modules, nor with tracing off the OpenTelemetry SDK (they would only grow the heap every GC marks)', () => {
    // A fresh process (jest's own registry is not Node's), workspace packages from their sources.
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require('./src/main.ts');
         const loaded = Object.keys(require.cache);
         console.log(JSON.stringify({ count: loaded.length, stateful: loaded.filter((p) => ${STATEFUL}.test(p)), sdk: loaded.filter((p) => ${OTEL_SDK}.test(p)) }));
         process.exit(0);`,
      ],
      {
        cwd: gatewayDir,
        // No configuration: main's config load fails after every module is loaded, and the
        // process exits before it could listen anywhere.
        env: { PATH: process.env.PATH ?? '', TSX_TSCONFIG_PATH: 'test/support/tsconfig.child.json', OTEL_SDK_DISABLED: 'true' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.error).toBeUndefined();
    const report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { count?: number; stateful?: string[]; sdk?: string[] };
    // The gateway itself did load (express, the route table, undici…): the check below means something.
    expect(report.count).toBeGreaterThan(100);
    expect(report.stateful).toEqual([]);
    // OTEL_SDK_DISABLED=true: not one module of the SDK either (13.7 MB of heap when loaded).
    expect(report.sdk).toEqual([]);
  });
});
