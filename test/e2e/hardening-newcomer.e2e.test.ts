import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { needsInstall, ensureDependencies } = require(path.join(ROOT, 'scripts', 'dependencies.cjs')) as {
  needsInstall(root: string): boolean;
  ensureDependencies(root: string, run: (cmd: string, args: string[]) => number): boolean;
};

describe('the newcomer path', () => {
  it('a fresh clone (no node_modules) is installed first, by npm test as by npm start', () => {
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'storecast-clone-'));
    try {
      fs.writeFileSync(path.join(clone, 'package-lock.json'), '{}');
      expect(needsInstall(clone)).toBe(true);
      const calls: string[] = [];
      expect(ensureDependencies(clone, (cmd, args) => (calls.push([cmd, ...args].join(' ')), 0))).toBe(true);
      expect(calls).toEqual(['npm ci --no-audit --no-fund']);
      fs.mkdirSync(path.join(clone, 'node_modules'));
      fs.writeFileSync(path.join(clone, 'node_modules', '.package-lock.json'), '{}');
      expect(needsInstall(clone)).toBe(false);
    } finally {
      fs.rmSync(clone, { recursive: true, force: true });
    }
    for (const script of ['test.mjs', 'start.mjs']) {
      const text = fs.readFileSync(path.join(ROOT, 'scripts', script), 'utf8');
      expect(text).toContain('dependencies.ensureDependencies(ROOT)');
    }
  });

  it('npm start binds every service to 127.0.0.1, the gateway alone public', () => {
    const out = spawnSync(process.execPath, ['-e', `
      const s = require(${JSON.stringify(path.join(ROOT, 'scripts', 'services.cjs'))});
      const shared = { postgresUrl: 'postgres://x@127.0.0.1:5432/postgres', common: {} };
      console.log(JSON.stringify(s.runnableWorkspaces().map((w) => [w.name, s.serviceEnvironment(w.name, shared).BIND_HOST ?? null])));
    `]);
    const hosts = Object.fromEntries(JSON.parse(out.stdout.toString()) as Array<[string, string | null]>);
    expect(hosts.gateway).toBeNull();
    expect(Object.keys(hosts).length).toBeGreaterThan(2);
    for (const [name, host] of Object.entries(hosts)) if (name !== 'gateway') expect([name, host]).toEqual([name, '127.0.0.1']);
  });
});
