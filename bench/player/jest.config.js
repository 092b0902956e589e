// The store player's measurements (bench/player/*.measure.ts): Chromium against the real system,
// like test/browser, but nothing asserted and never part of `npm test` (the root config's projects
// cover the workspaces, test/ and scripts/ only, and match *.test.ts / *.test.cjs).
//   npx jest -c bench/player/jest.config.js latency   # (1) dispatch → audible, (2) spread, (4) shell
//   npx jest -c bench/player/jest.config.js soak      # (3) heap over PLAYER_SOAK_MINUTES (60)
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
// The root config's `test` project carries the transform, the module mapping and the env setup.
const rootConfig = require(path.join(root, 'jest.config.js'));
const testProject = rootConfig.projects.find((p) => p.displayName === 'test');

module.exports = {
  displayName: 'bench-player',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.measure.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  transform: testProject.transform,
  transformIgnorePatterns: testProject.transformIgnorePatterns,
  moduleNameMapper: testProject.moduleNameMapper,
  setupFiles: testProject.setupFiles,
  globalSetup: rootConfig.globalSetup,
  testTimeout: 30_000,
  // One measurement at a time: they share the machine's two cores with the system they drive.
  maxWorkers: 1,
  workerGracefulExitTimeout: 5_000,
};
