import fs from 'node:fs';
import path from 'node:path';

// Every service's HTTP surface and every gRPC service it serves are swept (docs/service-template.md
// § Tests): a new service without test/schema-sweep.test.ts calling the kit's sweepRoutes, or a
// gRPC service added to server.ts without a sweepGrpc over its client, fails here, not in production.
const root = path.resolve(__dirname, '..', '..');
const services = fs
  .readdirSync(path.join(root, 'services'))
  .filter((name) => fs.existsSync(path.join(root, 'services', name, 'src', 'server.ts')));

describe('schema sweep in every service', () => {
  it('finds the services (a moved folder cannot make this vacuous)', () => {
    expect(services).toEqual(expect.arrayContaining(['identity', 'announcement-dispatch', 'catalog-search']));
  });

  const sweepOf = (name: string) => {
    const file = path.join(root, 'services', name, 'test', 'schema-sweep.test.ts');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };
  /** The gRPC services a server serves: `{ definition: <proto>.XService.service, … }` in its grpcServices. */
  const grpcServed = (name: string) =>
    [...fs.readFileSync(path.join(root, 'services', name, 'src', 'server.ts'), 'utf8').matchAll(/definition: [\w.()]*?\.(\w+)Service\.service/g)].map((m) => m[1]!);

  it.each(services)('%s sweeps its routes', (name) => {
    expect(sweepOf(name)).toMatch(/sweepRoutes\(\s*[\w.]+\.routes/);
  });

  it('finds the gRPC services served (the pattern still matches how servers list them)', () => {
    expect(grpcServed('organization')).toEqual(['Organization', 'OrganizationStats', 'StoreDevice', 'StoreDeviceBatch']);
    expect(grpcServed('identity')).toEqual(['Identity', 'Account', 'ApiKey']);
  });

  it.each(services.flatMap((name) => grpcServed(name).map((served) => [name, served] as const)))('%s sweeps its gRPC %sService', (name, served) => {
    const sweep = sweepOf(name);
    expect(sweep).toMatch(/sweepGrpc\(/);
    expect(sweep).toContain(`create${served}Client(`);
  });
});
