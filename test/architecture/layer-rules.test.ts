import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The layer rules of .dependency-cruiser.cjs (run on the real tree by `npm run lint`) are proven
// here on a miniature monorepo (fixtures/monorepo) holding one deliberately bad import per rule and
// the imports the rules must allow: a rule that stops firing, or starts firing on allowed code,
// fails this test instead of silently passing the real tree.
const root = path.resolve(__dirname, '..', '..');
const fixture = path.join(__dirname, 'fixtures', 'monorepo');
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: Array<{ name: string; from: { path?: string } }> };

interface Violation { rule: { name: string }; from: string; to: string }

/** `rule: from → to`, with npm targets shortened to the package name. */
const describeViolation = (v: Violation) => {
  const to = v.to.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1');
  return `${v.rule.name}: ${v.from} → ${to}`;
};

const cruise = (cwd: string): string[] => {
  const run = spawnSync(process.execPath, [depcruise, '--output-type', 'json', 'services', 'gateway', 'proto/src'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise produced no report: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations.map(describeViolation).sort();
};

const A = 'services/alpha';
const EXPECTED: Array<[rule: string, violation: string]> = [
  ['domain-no-io', `${A}/src/domain/uses-pg.ts → pg`],
  ['domain-no-io', `${A}/src/domain/reads-file.ts → fs`],
  ['domain-no-io', `${A}/src/domain/express-type.ts → express`],
  ['domain-only-domain', `${A}/src/domain/uses-repository.ts → ${A}/src/db/things.repository.ts`],
  ['domain-only-domain', `${A}/src/domain/uses-kit.ts → services/service-kit/src/index.ts`],
  ['http-not-db', `${A}/src/http/things.routes.ts → ${A}/src/db/things.repository.ts`],
  ['no-cross-service', `${A}/src/app/uses-beta.use-case.ts → services/beta/src/index.ts`],
  ['no-cross-service', `${A}/test/support/reaches-into-beta.ts → services/beta/src/domain/rule.ts`],
  ['shared-code-by-package-name', `${A}/src/app/relative-kit.ts → services/service-kit/src/errors.ts`],
  ['shared-code-by-package-name', 'gateway/src/relative-proto.ts → proto/src/index.ts'],
  ['gateway-no-service', 'gateway/src/uses-service.ts → services/beta/src/index.ts'],
  ['no-circular', `${A}/src/app/cycle-a.ts → ${A}/src/app/cycle-b.ts`],
  ['src-no-dev-dependencies', `${A}/src/app/uses-dev-dependency.ts → yaml`],
  ['src-no-dev-dependencies', `${A}/src/app/uses-undeclared.ts → ioredis`],
  ['not-to-unresolvable', `${A}/src/app/typo.ts → ./does-not-exist`],
];

describe('layer rules (.dependency-cruiser.cjs)', () => {
  let reported: string[];
  beforeAll(() => {
    reported = cruise(fixture);
  });

  it.each(EXPECTED)('%s is reported for %s', (rule, violation) => {
    expect(reported).toContain(`${rule}: ${violation}`);
  });

  it('nothing else is reported: the kit and proto by package name, the kit\'s domain modules, pure npm packages, routes calling use cases and test support using dev dependencies pass', () => {
    expect(reported).toEqual(EXPECTED.map(([rule, violation]) => `${rule}: ${violation}`).sort());
  });

  it('every rule of the configuration is proven by a bad fixture', () => {
    const proven = new Set(EXPECTED.map(([rule]) => rule));
    expect(config.forbidden.map((r) => r.name).filter((name) => !proven.has(name))).toEqual([]);
  });

  it('every rule applies to files that exist in the real tree (a renamed layer folder cannot make a rule vacuous)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        if (e.name === 'node_modules' || e.name === 'dist') continue;
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) walk(rel);
        else if (e.name.endsWith('.ts')) files.push(rel);
      }
    };
    ['services', 'gateway', 'proto'].forEach(walk);
    const vacuous = config.forbidden
      .filter((r) => r.from.path !== undefined)
      .filter((r) => !files.some((f) => new RegExp(r.from.path!).test(f)))
      .map((r) => r.name);
    expect(vacuous).toEqual([]);
  });
});
