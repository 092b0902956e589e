import fs from 'node:fs';
import path from 'node:path';

// The dependency rule of docs/service-template.md: domain/ holds rules only, never I/O.
const FORBIDDEN = [/^express/, /^pg$/, /^drizzle-orm/, /^amqplib/, /^@grpc\//, /^ioredis/, /^node:(http|https|fs|net)$/, /^(http|https|fs|net)$/, /^@storecast\//, /^\.\.\//];

describe('domain purity', () => {
  const dir = __dirname;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('has rule files to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s imports no I/O library and nothing outside domain/', (file) => {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const imports = [...source.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2] ?? '');
    const bad = imports.filter((spec) => FORBIDDEN.some((re) => re.test(spec)));
    expect(bad).toEqual([]);
  });
});
