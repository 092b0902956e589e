/* global describe, it, expect */
// Which system packages are missing → what `npm start` / `npm test` do about them.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { missingPackages, installCommand, plan, ensureSystemPackages, onPath, CHROMIUM_PATH } = require('./system-packages.cjs');

/** A machine on which exactly `installed` are present (chromium by its path, the font by its file, the rest on PATH). */
const machine = (installed) => ({
  executable: (file) => file === CHROMIUM_PATH && installed.includes('chromium'),
  exists: (file) => file.includes('/nanum/') && installed.includes('fonts-nanum'),
  onPath: (bin) => installed.includes(bin),
});

describe('missing system packages', () => {
  it('lists the ones not installed, in the order asked for', () => {
    expect(missingPackages(['chromium', 'espeak-ng', 'lame'], machine(['espeak-ng']))).toEqual(['chromium', 'lame']);
    expect(missingPackages(['espeak-ng', 'lame'], machine(['espeak-ng', 'lame']))).toEqual([]);
    expect(missingPackages(['chromium', 'fonts-nanum'], machine(['chromium']))).toEqual(['fonts-nanum']);
  });

  it('knows only the packages it can check', () => {
    expect(() => missingPackages(['nginx'], machine([]))).toThrow(/unknown system package nginx/);
  });

  it('tells chromium by the file the browser tests launch, not by PATH', () => {
    expect(missingPackages(['chromium'], { executable: () => false, exists: () => true, onPath: () => true })).toEqual(['chromium']);
    expect(missingPackages(['chromium'], { executable: (f) => f === '/usr/bin/chromium', exists: () => false, onPath: () => false })).toEqual([]);
  });

  it('finds executables on PATH only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'system-packages-'));
    try {
      fs.writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'data'), 'not a program', { mode: 0o644 });
      fs.mkdirSync(path.join(dir, 'folder'));
      expect(onPath('tool', `/nonexistent${path.delimiter}${dir}`)).toBe(true);
      expect(onPath('data', dir)).toBe(false);
      expect(onPath('folder', dir)).toBe(false);
      expect(onPath('tool', '')).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the plan', () => {
  it('does nothing when everything is installed', () => {
    expect(plan([], { root: false, aptGet: false })).toEqual({ action: 'none' });
  });

  it('as root with apt-get: one update, then one non-interactive install of the missing ones', () => {
    const p = plan(['chromium', 'lame'], { root: true, aptGet: true });
    expect(p.action).toBe('install');
    expect(p.steps.map((s) => [s.cmd, s.args[0]])).toEqual([['apt-get', 'update'], ['apt-get', 'install']]);
    const install = p.steps[1];
    expect(install.args).toEqual(expect.arrayContaining(['-y', '--no-install-recommends']));
    expect(install.args.slice(-2)).toEqual(['chromium', 'lame']);
    expect(install.env).toEqual({ DEBIAN_FRONTEND: 'noninteractive' });
  });

  it('not root: the one sudo command for the missing ones only', () => {
    expect(plan(['espeak-ng', 'lame'], { root: false, aptGet: true })).toEqual({ action: 'tell', command: 'sudo apt-get install -y espeak-ng lame' });
    expect(plan(['chromium'], { root: false, aptGet: true })).toEqual({ action: 'tell', command: 'sudo apt-get install -y chromium' });
  });

  it('root without apt-get: the command, without sudo', () => {
    expect(plan(['lame'], { root: true, aptGet: false })).toEqual({ action: 'tell', command: 'apt-get install -y lame' });
  });

  it('installCommand names every package once, in order', () => {
    expect(installCommand(['chromium', 'espeak-ng', 'lame'])).toBe('sudo apt-get install -y chromium espeak-ng lame');
  });
});

describe('ensureSystemPackages', () => {
  const harness = ({ installed, root, aptGet = true, installs = true }) => {
    const present = [...installed];
    const calls = [];
    const said = [];
    const failed = [];
    const options = {
      root,
      aptGet,
      probe: { executable: (f) => f === CHROMIUM_PATH && present.includes('chromium'), exists: (f) => f.includes('/nanum/') && present.includes('fonts-nanum'), onPath: (b) => present.includes(b) },
      run: (cmd, args, env) => {
        calls.push([cmd, ...args, env]);
        if (installs && args[0] === 'install') present.push(...args.filter((a) => ['chromium', 'fonts-nanum', 'espeak-ng', 'lame'].includes(a)));
        return 0;
      },
      say: (m) => said.push(m),
      fail: (m) => failed.push(m),
    };
    return { options, calls, said, failed };
  };

  it('installs nothing and says nothing when all are there', () => {
    const h = harness({ installed: ['chromium', 'espeak-ng', 'lame'], root: true });
    expect(ensureSystemPackages(['chromium', 'espeak-ng', 'lame'], 'npm test', h.options)).toEqual([]);
    expect(h.calls).toEqual([]);
    expect(h.said).toEqual([]);
    expect(h.failed).toEqual([]);
  });

  it('as root installs the missing ones with one line of output', () => {
    const h = harness({ installed: ['espeak-ng'], root: true });
    expect(ensureSystemPackages(['chromium', 'espeak-ng', 'lame'], 'npm test', h.options)).toEqual(['chromium', 'lame']);
    expect(h.calls.map((c) => c.slice(0, 2))).toEqual([['apt-get', 'update'], ['apt-get', 'install']]);
    expect(h.calls[1]).toEqual(expect.arrayContaining(['chromium', 'lame']));
    expect(h.calls[1]).not.toContain('espeak-ng');
    expect(h.said).toEqual(['npm test needs chromium (browser tests), lame (MP3 encoding): installing with apt-get …']);
    expect(h.failed).toEqual([]);
  });

  it('as root stops with the command when apt-get did not install them', () => {
    const h = harness({ installed: [], root: true, installs: false });
    ensureSystemPackages(['espeak-ng', 'lame'], 'npm start', h.options);
    expect(h.failed).toEqual(['installing espeak-ng lame failed. Install by hand:\n    apt-get install -y espeak-ng lame']);
  });

  it('not root: installs nothing, stops with the one command', () => {
    const h = harness({ installed: ['lame'], root: false });
    ensureSystemPackages(['espeak-ng', 'lame'], 'npm start', { ...h.options, instead: '(or set TTS_PROVIDER=vendor / none)' });
    expect(h.calls).toEqual([]);
    expect(h.failed).toEqual(['npm start needs espeak-ng (speech synthesis). Install it with:\n    sudo apt-get install -y espeak-ng\n  (or set TTS_PROVIDER=vendor / none)']);
  });
});
