#!/usr/bin/env node
// `npm test`: install dependencies and the system packages (chromium, fonts-nanum, espeak-ng, lame) when missing, build and typecheck
// every workspace (tests included), lint (ESLint + the layer rules), the web clients' unit tests (vitest), then every
// unit, integration, e2e and browser test in one jest run (real PostgreSQL, RabbitMQ and Redis; see test/setup/infra.js;
// Chromium for test/browser), ending with jest's summary.
import { spawnSync } from 'node:child_process';
import services from './services.cjs';
import dependencies from './dependencies.cjs';
import systemPackages from './system-packages.cjs';

const { ROOT } = services;

// A fresh clone has no node_modules (lerna, jest, tsc): install first, as `npm start` does.
dependencies.ensureDependencies(ROOT);
// announcement-dispatch's tests speak (espeak-ng) and encode MP3 (lame); test/browser drives Chromium
// and screenshots Korean pages (fonts-nanum). Installed with apt-get as root; otherwise the one command
// that installs them is printed.
systemPackages.ensureSystemPackages(['chromium', 'fonts-nanum', 'espeak-ng', 'lame'], 'npm test');

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
// The web clients' unit tests run under vitest (jest leaves web/ alone), before jest so that jest's
// summary stays the last thing printed.
if (passthrough.length === 0) step('npm', ['test', '-w', 'web', '--silent', '--', '--passWithNoTests']);
step('npx', ['jest', ...passthrough]);
