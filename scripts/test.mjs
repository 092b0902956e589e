#!/usr/bin/env node
// `npm test`: install dependencies when missing, build and typecheck every workspace (tests included), lint (ESLint + the layer rules), then every unit,
// integration and e2e test in one jest run (real PostgreSQL, RabbitMQ and Redis; see test/setup/infra.js), ending with
// jest's summary.
import { spawnSync } from 'node:child_process';
import services from './services.cjs';
import dependencies from './dependencies.cjs';

const { ROOT } = services;

// A fresh clone has no node_modules (lerna, jest, tsc): install first, as `npm start` does.
dependencies.ensureDependencies(ROOT);

const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const passthrough = process.argv.slice(2);
if (!process.env.STORECAST_SKIP_TYPECHECK && passthrough.length === 0) {
  // Build in dependency order first: typechecks of tests resolve workspace packages to dist types.
  step('npm', ['run', 'build', '--silent']);
  step('npx', ['lerna', 'run', 'typecheck', '--stream', '--concurrency', '2']);
  step('npx', ['tsc', '-p', 'test/tsconfig.json']);
  // ESLint and the layer rules (.dependency-cruiser.cjs): a violation fails before the long jest run.
  step('npm', ['run', 'lint', '--silent']);
}
step('npx', ['jest', ...passthrough]);
