// The Debian packages `npm start` and `npm test` need beyond Node and the three servers: espeak-ng
// and lame (announcement-dispatch's local speech synthesis), chromium and a Korean font (the
// browser tests and their ko-KR screenshots).
// Missing ones are installed with apt-get when we run as root (a fresh machine, CI); otherwise the
// one command that installs them is printed and the process stops.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** Where the browser tests launch Chromium from (test/browser/browser.ts). */
const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian package → what needs it and how we tell it is installed: a program on PATH (bin), a
 * program at a fixed path (program) or a data file (file).
 */
const PACKAGES = {
  chromium: { what: 'browser tests', program: CHROMIUM_PATH },
  // Without a CJK font Chromium draws Korean as empty boxes in the ko-KR screenshots.
  'fonts-nanum': { what: 'Korean text in browser screenshots', file: '/usr/share/fonts/truetype/nanum/NanumGothic.ttf' },
  'espeak-ng': { what: 'speech synthesis', bin: 'espeak-ng' },
  lame: { what: 'MP3 encoding', bin: 'lame' },
};

const executable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** An executable named `bin` in one of PATH's directories. */
const onPath = (bin, pathVar = process.env.PATH ?? '') => pathVar.split(path.delimiter).some((dir) => dir && executable(path.join(dir, bin)));

const exists = (file) => fs.existsSync(file);

const isInstalled = (pkg, probe = { executable, exists, onPath }) => {
  const spec = PACKAGES[pkg];
  if (!spec) throw new Error(`unknown system package ${pkg}`);
  if (spec.program) return probe.executable(spec.program);
  if (spec.file) return probe.exists(spec.file);
  return probe.onPath(spec.bin);
};

/** The packages of `wanted` that are not installed, in the order asked for. */
const missingPackages = (wanted, probe) => wanted.filter((pkg) => !isInstalled(pkg, probe));

/** The one command a person runs to install `pkgs` (sudo unless already root). */
const installCommand = (pkgs, { root = false } = {}) => `${root ? '' : 'sudo '}apt-get install -y ${pkgs.join(' ')}`;

/**
 * What to do about `missing`: nothing; install with apt-get (root with apt-get available: update
 * once, then a non-interactive install without recommends); or tell (the one command) and stop.
 */
const plan = (missing, { root, aptGet }) => {
  if (missing.length === 0) return { action: 'none' };
  if (root && aptGet) {
    // Wait for a concurrent apt/dpkg run (another `npm start` / `npm test`, unattended-upgrades)
    // instead of failing on its lock.
    const lock = ['-o', 'DPkg::Lock::Timeout=300'];
    return {
      action: 'install',
      steps: [
        { cmd: 'apt-get', args: ['update', '-qq', ...lock], env: {} },
        { cmd: 'apt-get', args: ['install', '-y', '-qq', '--no-install-recommends', ...lock, ...missing], env: { DEBIAN_FRONTEND: 'noninteractive' } },
      ],
    };
  }
  return { action: 'tell', command: installCommand(missing, { root }) };
};

const listed = (pkgs) => pkgs.map((p) => `${p} (${PACKAGES[p].what})`).join(', ');

const say = (msg) => process.stdout.write(`[storecast] ${msg}\n`);
const fail = (msg) => {
  process.stderr.write(`\x1b[31m[storecast] ${msg}\x1b[0m\n`);
  process.exit(1);
};

const defaults = () => ({
  root: typeof process.getuid === 'function' && process.getuid() === 0,
  aptGet: onPath('apt-get'),
  probe: { executable, exists, onPath },
  run: (cmd, args, env) => spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } }).status,
  say,
  fail,
});

/**
 * Makes sure every package in `wanted` is installed, or stops the process (exit 1) with the
 * command that installs them. `why` names the command that needs them (e.g. 'npm test');
 * options.instead, when given, is printed after that command (another way round the need).
 * Returns the packages it installed.
 */
const ensureSystemPackages = (wanted, why, options = {}) => {
  const o = { ...defaults(), ...options };
  const missing = missingPackages(wanted, o.probe);
  const todo = plan(missing, o);
  if (todo.action === 'none') return [];
  if (todo.action === 'tell') {
    o.fail(`${why} needs ${listed(missing)}. Install ${missing.length === 1 ? 'it' : 'them'} with:\n    ${todo.command}${o.instead ? `\n  ${o.instead}` : ''}`);
    return missing;
  }
  o.say(`${why} needs ${listed(missing)}: installing with apt-get …`);
  for (const step of todo.steps) {
    const status = o.run(step.cmd, step.args, step.env);
    // A failed update (a mirror down) may still leave lists good enough to install from.
    if (status !== 0 && step.args[0] !== 'update') break;
  }
  const still = missingPackages(missing, o.probe);
  if (still.length) o.fail(`installing ${still.join(' ')} failed. Install by hand:\n    ${installCommand(still, o)}`);
  return missing;
};

module.exports = { CHROMIUM_PATH, PACKAGES, onPath, isInstalled, missingPackages, installCommand, plan, ensureSystemPackages };
