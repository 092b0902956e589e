#!/usr/bin/env node
// Lays out the runtime tree of one workspace for the final image stage:
//   node assemble.mjs <workspace path, e.g. services/identity> <out dir>
// It runs in the build stage after `npm run build` and `npm prune --omit=dev`,
// so it only copies: the pruned root node_modules, and for the workspace and every
// workspace it depends on (transitively, via package.json "dependencies") its
// package.json, dist/, own node_modules/ and migrations/ when present, plus the
// .proto files that @grpc/proto-loader reads at run time.
// Paths are kept as in the repository because node_modules/@storecast/* are
// symlinks into the workspace folders.
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';

const [service, out] = process.argv.slice(2);
if (!service || !out) {
  console.error('usage: node assemble.mjs <workspace path> <out dir>');
  process.exit(2);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const root = readJson('package.json');
const workspaces = root.workspaces ?? [];

// Workspaces are listed explicitly in the root package.json (no globs), so a
// name → path map is a direct read.
const pathByName = new Map();
for (const ws of workspaces) {
  pathByName.set(readJson(join(ws, 'package.json')).name, ws);
}

const target = posix.normalize(service).replace(/\/$/, '');
if (!workspaces.includes(target)) {
  console.error(`SERVICE=${service} is not a workspace; expected one of: ${workspaces.join(', ')}`);
  process.exit(1);
}

const needed = new Set();
const queue = [target];
while (queue.length > 0) {
  const ws = queue.shift();
  if (needed.has(ws)) continue;
  needed.add(ws);
  const deps = readJson(join(ws, 'package.json')).dependencies ?? {};
  for (const name of Object.keys(deps)) {
    const depPath = pathByName.get(name);
    if (depPath) queue.push(depPath);
  }
}

const main = join(target, 'dist', 'main.js');
if (!existsSync(main)) {
  console.error(`${main} does not exist: the workspace must build an entry point at dist/main.js`);
  process.exit(1);
}

// verbatimSymlinks keeps the workspace links in node_modules relative, so they
// still resolve once the tree is copied to /app.
const copy = (from) => {
  if (!existsSync(from)) return;
  const to = join(out, from);
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
};

mkdirSync(out, { recursive: true });
copy('package.json');
copy('node_modules');
for (const ws of needed) {
  for (const part of ['package.json', 'dist', 'node_modules', 'migrations']) {
    copy(join(ws, part));
  }
}
copy(join('proto', 'storecast'));
// The gateway serves the built web clients (its WEB_DIST_DIR defaults to web/dist beside it).
if (target === 'gateway') copy(join('web', 'dist'));

// A fixed entry path lets the image CMD be an exec-form array for any SERVICE;
// node resolves the symlink, so the service's relative requires are unaffected.
symlinkSync(main, join(out, 'main.js'));

// The image's CMD: node with the workspace's own flags (package.json storecast.nodeFlags, V8 flags
// NODE_OPTIONS refuses), exec'd so node stays PID 1 and receives SIGTERM.
const { nodeFlagsOf } = createRequire(import.meta.url)('../scripts/services.cjs');
const flags = nodeFlagsOf(target);
writeFileSync(join(out, 'start'), `#!/bin/sh\nexec node ${[...flags, '/app/main.js'].join(' ')} "$@"\n`, { mode: 0o755 });

console.log(`assembled ${target} with ${[...needed].filter((w) => w !== target).join(', ') || 'no workspace deps'} into ${out}${flags.length ? `, node flags ${flags.join(' ')}` : ''}`);
