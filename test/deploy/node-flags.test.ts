// A workspace's node flags (package.json storecast.nodeFlags: V8 flags such as the gateway's heap
// growing factor, which NODE_OPTIONS refuses) reach node the same way wherever it runs: npm start,
// the workspace's own start script and the image's launcher written by deploy/assemble.mjs.
import { execFileSync, spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

const repoRoot = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeFlagsOf } = require(path.join(repoRoot, 'scripts', 'services.cjs')) as { nodeFlagsOf: (dir: string) => string[] };

const made: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const workspaceWith = (pkg: object): string => {
  const dir = tempDir('node-flags-');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
  return dir;
};

describe('the gateway runs with its node flags', () => {
  const flags = nodeFlagsOf(path.join(repoRoot, 'gateway'));

  it('sets a heap growing factor (fewer full collections under load: bench/README.md § Gateway proxy)', () => {
    expect(flags).toContain('--heap-growing-percent=100');
  });

  it('turns allocation-site pretenuring off (decision 0012: no process whose every scavenge promotes its requests)', () => {
    expect(flags).toContain('--no-allocation-site-pretenuring');
  });

  it('keeps the young generation from shrinking below 16 MB (decision 0013: no quarter-size new space, four times the scavenges, after an idle spell)', () => {
    expect(flags).toContain('--min-semi-space-size=16');
    // V8 honours it: the new space starts (and so stays) at 16 MB instead of 1 MB.
    const newSpace = (nodeFlags: string[]) =>
      Number(
        execFileSync(
          process.execPath,
          [...nodeFlags, '-e', "process.stdout.write(String(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size))"],
          { encoding: 'utf8' },
        ),
      );
    expect(newSpace(flags)).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(newSpace([])).toBeLessThan(16 * 1024 * 1024);
  });

  it('the node running the tests accepts every one of them', () => {
    const run = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("the workspace's npm start script passes the same flags", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'gateway', 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node ${flags.join(' ')} dist/main.js`);
  });

  it('a service without any runs with none', () => {
    expect(nodeFlagsOf(path.join(repoRoot, 'services', 'legal'))).toEqual([]);
  });
});

describe('flags the launcher could not write safely are refused', () => {
  it.each([['--max-old-space-size=512; rm -rf /'], ['$(reboot)'], ['--flag value'], ['-e']])('%s', (flag) => {
    const dir = workspaceWith({ name: 'x', storecast: { nodeFlags: [flag] } });
    expect(() => nodeFlagsOf(dir)).toThrow(/is not a plain --flag or --flag=value/);
  });

  it('a value that is not a list', () => {
    const dir = workspaceWith({ name: 'x', storecast: { nodeFlags: '--heap-growing-percent=100' } });
    expect(() => nodeFlagsOf(dir)).toThrow(/must be a list/);
  });
});

describe("the image's launcher (deploy/assemble.mjs)", () => {
  // A repository of one workspace: assemble.mjs copies what exists and writes the launcher.
  const assemble = (nodeFlags?: string[]): string => {
    const repo = tempDir('assemble-');
    fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'root', workspaces: ['svc'] }));
    fs.mkdirSync(path.join(repo, 'svc', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'svc', 'package.json'), JSON.stringify({ name: 'svc', ...(nodeFlags ? { storecast: { nodeFlags } } : {}) }));
    fs.writeFileSync(path.join(repo, 'svc', 'dist', 'main.js'), '');
    const out = path.join(repo, 'out');
    execFileSync(process.execPath, [path.join(repoRoot, 'deploy', 'assemble.mjs'), 'svc', out], { cwd: repo, stdio: 'pipe' });
    return out;
  };

  it("execs node with the workspace's flags on /app/main.js, so node is PID 1", () => {
    const out = assemble(['--heap-growing-percent=100']);
    expect(fs.readFileSync(path.join(out, 'start'), 'utf8')).toBe('#!/bin/sh\nexec node --heap-growing-percent=100 /app/main.js "$@"\n');
    expect(fs.statSync(path.join(out, 'start')).mode & 0o111).toBe(0o111);
  });

  it('without flags, node alone', () => {
    expect(fs.readFileSync(path.join(assemble(), 'start'), 'utf8')).toBe('#!/bin/sh\nexec node /app/main.js "$@"\n');
  });

  it('the image runs the launcher', () => {
    const dockerfile = fs.readFileSync(path.join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^CMD \["\/app\/start"\]$/m);
  });
});
