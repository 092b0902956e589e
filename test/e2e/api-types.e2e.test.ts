import { execFile } from 'node:child_process';
import path from 'node:path';
import { type RunningSystem, startSystem } from './system';

/**
 * The web client's types are generated from the merged OpenAPI document, never written by hand:
 * when a service changes an operation and the committed web/src/lib/api/schema.d.ts was not
 * regenerated, this fails and says how to regenerate it.
 */
describe('the web client types', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = await startSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('come from a document every service contributed to (none listed unavailable)', async () => {
    const doc = (await (await fetch(`${system.gatewayUrl}/v3/api-docs`)).json()) as Record<string, unknown>;
    expect(doc['x-unavailable-services'] ?? []).toEqual([]);
    expect(Object.keys(doc.paths as object)).toEqual(expect.arrayContaining(['/api/v1/store/tickets', '/api/v1/admin/tickets', '/api/v1/store/playback/queue']));
  });

  it('are exactly what openapi-typescript makes of the document the running gateway serves', async () => {
    const script = path.resolve(__dirname, '../../web/scripts/generate-api-types.mjs');
    // Asynchronously: the system answers from this very process.
    const run = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, [script, '--check', '--url', system.gatewayUrl], { timeout: 60_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(run.output).toContain('matches the served document');
    expect(run.code).toBe(0);
  }, 90_000);
});
