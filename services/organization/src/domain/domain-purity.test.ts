import fs from 'node:fs';
import path from 'node:path';

// Dependency rule (ARCHITECTURE § One service, laid out): domain/ holds rules without I/O.
const FORBIDDEN = [/^express/, /^pg$/, /^drizzle-orm/, /^amqplib/, /^@grpc\//, /^ioredis/, /^node:(http|fs|net)$/, /^(http|fs|net)$/, /^multer/, /^csv-parse/, /^@storecast\//];

describe('domain purity', () => {
  it('no file in src/domain imports an I/O module', () => {
    const dir = __dirname;
    const offenders: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/from\s+'([^']+)'|require\('([^']+)'\)/g)) {
        const spec = m[1] ?? m[2] ?? '';
        if (FORBIDDEN.some((re) => re.test(spec))) offenders.push(`${file}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
