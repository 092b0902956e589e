// Regenerates web/src/lib/api/schema.d.ts without `npm start`: starts the whole system in this
// process on free ports (test/e2e/system.ts), runs web/scripts/generate-api-types.mjs against its
// gateway, and stops it again.
//   npx tsx test/tools/generate-api-types.ts
import { execFile } from 'node:child_process';
import path from 'node:path';
import { startSystem } from '../e2e/system';

process.env.LOG_LEVEL ??= 'silent';

const main = async (): Promise<number> => {
  // The gateway merges what each service answers within its docs timeout; on a loaded machine the
  // default leaves services out and the types shrink, so the tool waits as long as it takes.
  const system = await startSystem({ env: { API_DOCS_TIMEOUT_MS: '60000' } });
  try {
    const script = path.resolve(__dirname, '../../web/scripts/generate-api-types.mjs');
    // Asynchronously: the system answers from this very process.
    return await new Promise<number>((resolve) => {
      execFile(process.execPath, [script, '--url', system.gatewayUrl], { timeout: 60_000 }, (err, stdout, stderr) => {
        process.stdout.write(stdout);
        process.stderr.write(stderr);
        resolve(err ? 1 : 0);
      });
    });
  } finally {
    await system.stop();
  }
};

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
