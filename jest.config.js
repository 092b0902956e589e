// One jest run for the whole monorepo: every workspace's tests plus test/ (e2e, deploy, browser)
// and scripts/ (the launcher's helpers). Workspace packages resolve to their TypeScript sources,
// so tests need no build. web/ is not jest's: its unit tests run under vitest (`npm test -w web`,
// a step of `npm test`); the browser tests that drive it are test/browser/*.browser.test.ts.
const path = require('node:path');
const fs = require('node:fs');

const root = __dirname;
const { workspaces } = require('./package.json');

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
// ESM packages from node_modules are written for Node's semantics: a default import of a
// CommonJS module is its module.exports, even when it sets __esModule (content-type does).
const swcEsmPackage = ['@swc/jest', { ...swc[1], module: { type: 'commonjs', importInterop: 'node' } }];

const ESM_PACKAGES = [
  'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', 'peek-readable',
  'music-metadata', 'media-typer', 'win-guid', 'jose', 'p-limit', 'yocto-queue', '@breezystack', '@borewit',
];

const moduleNameMapper = {
  // Their exports offer only `import` / `module-sync` conditions, which jest's CommonJS resolver does not use.
  '^file-type$': path.join(root, 'node_modules/file-type/index.js'),
  '^music-metadata$': path.join(root, 'node_modules/music-metadata/lib/index.js'),
  // Its `require` entry is a browser IIFE without exports.
  '^@breezystack/lamejs$': path.join(root, 'node_modules/@breezystack/lamejs/dist/lamejs.js'),
};
for (const ws of workspaces) {
  const pkg = require(path.join(root, ws, 'package.json'));
  const src = path.join(root, ws, 'src');
  moduleNameMapper[`^${pkg.name.replace('/', '\\/')}$`] = path.join(src, 'index.ts');
  moduleNameMapper[`^${pkg.name.replace('/', '\\/')}/(.*)$`] = path.join(src, '$1');
}

const project = (name, dir) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '/node_modules/.+\\.m?js$': swcEsmPackage, '^.+\\.(t|j|mj)s$': swc },
  // ESM-only packages (file-type, music-metadata, jose, p-limit and their ESM dependencies) are
  // transformed to CommonJS like our sources (and any .mjs file).
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/).+\\.c?js$`],
  moduleNameMapper,
  setupFiles: [path.join(root, 'test/setup/env.js')],
});

// Workspaces whose tests another runner owns.
const NOT_JEST = new Set(['web']);

const projects = workspaces
  .filter((ws) => !NOT_JEST.has(ws) && fs.existsSync(path.join(root, ws, 'src')))
  .map((ws) => project(ws, path.join(root, ws)));
projects.push(project('test', path.join(root, 'test')));
// The launcher's helpers are plain CommonJS, and so are their tests.
projects.push({ ...project('scripts', path.join(root, 'scripts')), testMatch: ['<rootDir>/**/*.test.cjs'] });

module.exports = {
  projects,
  globalSetup: path.join(root, 'test/setup/global-setup.js'),
  testTimeout: 30_000,
  // Several services and servers per worker: two workers fit the two-core machines.
  maxWorkers: 2,
  // The grace a worker gets to exit once told to end, counted from the parent's send. Measured with
  // an instrumented full run (each worker recorded its live handles and its exit after the end
  // message): no handle of ours was left and both workers exited 1 ms after receiving it, yet the
  // 500 ms default still fired — the parent itself is descheduled for that long on a loaded 2-core
  // machine. A real leak keeps a worker alive indefinitely and is still reported, after 5 s.
  workerGracefulExitTimeout: 5_000,
};
