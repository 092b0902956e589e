import fs from 'node:fs';
import path from 'node:path';

// Every service's HTTP surface is swept (docs/service-template.md § Tests): a new service without
// test/schema-sweep.test.ts calling the kit's sweepRoutes fails here, not in production.
const root = path.resolve(__dirname, '..', '..');
const services = fs
  .readdirSync(path.join(root, 'services'))
  .filter((name) => fs.existsSync(path.join(root, 'services', name, 'src', 'server.ts')));

describe('schema sweep in every service', () => {
  it('finds the services (a moved folder cannot make this vacuous)', () => {
    expect(services).toEqual(expect.arrayContaining(['identity', 'announcement-dispatch', 'catalog-search']));
  });

  it.each(services)('%s sweeps its routes', (name) => {
    const file = path.join(root, 'services', name, 'test', 'schema-sweep.test.ts');
    expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '').toMatch(/sweepRoutes\(\s*[\w.]+\.routes/);
  });
});
