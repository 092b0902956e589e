import fs from 'node:fs';
import path from 'node:path';

// The dependency rule of ARCHITECTURE.md § "One service, laid out": domain/ holds rules with no
// I/O. This reads every domain file's imports (static, dynamic and require) and fails on any
// module that does I/O or belongs to a transport, so a leak shows up in CI, not in review.
const root = path.resolve(__dirname, '..', '..');
const FORBIDDEN = [
  /^express/, /^pg$/, /^pg-/, /^drizzle-orm/, /^amqplib/, /^@grpc\//, /^ioredis/, /^http-proxy-middleware/,
  /^nodemailer/, /^@aws-sdk\//, /^(node:)?(http|https|net|fs|fs\/promises|child_process|dgram|tls)$/,
  /^multer/, /^busboy/, /^csv-(parse|stringify)/, /^music-metadata/, /^node-id3/, /^file-type/, /^sharp/,
  // The kit's own domain/ modules (pure, checked by this same rule) are the one exception.
  /^@storecast\/(?!service-kit\/domain\/)/, /\/db\//, /\/http\//, /\/grpc\//, /\/events\//, /\/app\//,
];

const domainFiles = (): string[] => {
  const out: string[] = [];
  const services = ['services', 'gateway'].flatMap((top) => {
    const dir = path.join(root, top);
    if (top === 'gateway') return [dir];
    return fs.readdirSync(dir).map((d) => path.join(dir, d));
  });
  for (const svc of services) {
    const domain = path.join(svc, 'src', 'domain');
    if (!fs.existsSync(domain)) continue;
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out.push(p);
      }
    };
    walk(domain);
  }
  return out;
};

const importsOf = (source: string): string[] => {
  const specs: string[] = [];
  const re = /(?:import\s[^'"]*?from\s*|import\s*\(\s*|require\s*\(\s*|export\s[^'"]*?from\s*)['"]([^'"]+)['"]/g;
  for (let m = re.exec(source); m; m = re.exec(source)) specs.push(m[1]!);
  return specs;
};

describe('domain purity', () => {
  it('finds the domain folders of the services (the rule is not vacuous)', () => {
    expect(domainFiles().length).toBeGreaterThan(0);
  });

  it('no domain/ module imports I/O, transports or data access', () => {
    const violations = domainFiles().flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((spec) => FORBIDDEN.some((re) => re.test(spec)))
        .map((spec) => `${path.relative(root, file)} imports ${spec}`),
    );
    expect(violations).toEqual([]);
  });

  it('a domain module may use the kit\'s pure domain modules, and nothing else of the kit or proto', () => {
    const forbidden = (spec: string) => FORBIDDEN.some((re) => re.test(spec));
    expect(forbidden('@storecast/service-kit/domain/api-key-format')).toBe(false);
    expect(forbidden('@storecast/service-kit')).toBe(true);
    expect(forbidden('@storecast/service-kit/testing')).toBe(true);
    expect(forbidden('@storecast/proto')).toBe(true);
  });

  it('the import scanner sees static, dynamic and require imports', () => {
    expect(importsOf(`import { Pool } from 'pg';\nconst x = await import("amqplib");\nconst y = require('node:fs');`)).toEqual(['pg', 'amqplib', 'node:fs']);
  });
});
