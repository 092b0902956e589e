// Installs the dependencies when node_modules is missing or older than the lock file: the first
// step of both README commands (`npm start`, `npm test`) on a fresh clone.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** node_modules is missing, or older than package-lock.json (npm writes its own copy of the lock inside). */
const needsInstall = (root) => {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  return !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
};

/** `npm ci` when needed; exits the process when it fails. */
const ensureDependencies = (root, run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status) => {
  if (!needsInstall(root)) return false;
  process.stdout.write('[storecast] installing dependencies …\n');
  const status = run('npm', ['ci', '--no-audit', '--no-fund']);
  if (status !== 0) {
    process.stderr.write('[storecast] installing dependencies failed (npm ci)\n');
    process.exit(status ?? 1);
  }
  return true;
};

module.exports = { needsInstall, ensureDependencies };
