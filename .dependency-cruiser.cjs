// The layer rules of ARCHITECTURE.md § "One service, laid out", checked by `npm run lint`
// (`depcruise`, after eslint). test/architecture/layer-rules.test.ts proves each rule fires on a
// deliberately bad fixture (test/architecture/fixtures/), so none of them can pass by accident.
const path = require('node:path');

/** Packages and Node built-ins that do I/O or belong to a transport: never in domain/. */
const IO_PACKAGES = [
  'express', 'pg', 'pg-[^/]+', 'drizzle-orm', 'amqplib', '@grpc/[^/]+', 'ioredis', '@aws-sdk/[^/]+',
  'http-proxy-middleware', 'nodemailer', 'multer', 'busboy', 'csv-parse', 'csv-stringify',
  'music-metadata', 'node-id3', 'file-type', 'sharp', 'jsonwebtoken', 'undici',
];
const IO_BUILTINS = ['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'fs', 'fs/promises', 'child_process', 'cluster', 'worker_threads'];

/** The source folders of the deployables (services, gateway, proto): what ships. */
const SRC = '^(services/[^/]+|gateway|proto)/src/';

module.exports = {
  forbidden: [
    {
      name: 'domain-no-io',
      comment:
        'domain/ holds pure rules (status machines, validation, ordering): no database, broker, network, ' +
        'file system or transport library, so every rule is unit-testable without a server.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: {
        path: [
          `(^|/)node_modules/(${IO_PACKAGES.join('|')})/`,
          `^(node:)?(${IO_BUILTINS.join('|')})$`,
        ],
      },
    },
    {
      name: 'domain-only-domain',
      comment:
        'domain/ imports only its own service\'s domain/ modules (and pure npm packages): a use case, ' +
        'repository, route or the kit (which wraps express, pg, amqplib) would smuggle I/O in. The ' +
        'kit\'s own domain/ modules (@storecast/service-kit/domain/*, pure under these same rules) are shared rules.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/domain/' },
      to: { dependencyTypes: ['local', 'aliased'], pathNot: ['^services/$1/src/domain/', '^services/service-kit/src/domain/'] },
    },
    {
      name: 'http-not-db',
      comment:
        'Routes are thin (parse → one use case → DTO): data access goes through a use case and its ' +
        'repository, so tenancy filters and transactions are never bypassed from http/.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/http/' },
      to: { path: '^services/[^/]+/src/db/' },
    },
    {
      name: 'no-cross-service',
      comment:
        'Services talk over gRPC and events only; importing another service\'s code couples deploys ' +
        'and databases. The only shared code is @storecast/service-kit and @storecast/proto.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^(services/|gateway/)', pathNot: '^services/($1|service-kit)/' },
    },
    {
      name: 'shared-code-by-package-name',
      comment:
        'The kit and proto are reached by their package names (@storecast/service-kit, @storecast/proto), ' +
        'never by a relative path into their folders: that path skips their public entry points and ' +
        'breaks in the built image, where each workspace is its own package.',
      severity: 'error',
      from: { path: '^(services/[^/]+|gateway)/' },
      to: { path: '^(services/service-kit|proto)/', pathNot: '^$1/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'gateway-no-service',
      comment:
        'The gateway reaches services over HTTP (proxy) and gRPC (proto clients) only; their code is ' +
        'not its code. The kit (by package name) is allowed: it is the shared library, not a service.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^services/', pathNot: '^services/service-kit/' },
    },
    {
      name: 'no-circular',
      comment:
        'A cycle inside a deployable\'s src makes load order matter (undefined at import time) and ' +
        'layers meaningless; type-only imports count too, since they tie the same modules together.',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'src-no-dev-dependencies',
      comment:
        'Production code may only import packages its own package.json lists in dependencies: a dev ' +
        'dependency (or one only hoisted from the root) is missing from the production install. Unit ' +
        'tests beside the code and the kit\'s test-support entry (@storecast/service-kit/testing) are ' +
        'test code and may use them.',
      severity: 'error',
      from: { path: SRC, pathNot: ['\\.test\\.ts$', '^services/service-kit/src/testing/'] },
      to: { dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import the resolver cannot follow is invisible to every rule above (and usually a typo or ' +
        'a missing dependency), so it fails on its own.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is a leaf: never crawled, but the edges to it stay (domain-no-io and the npm rules
    // need them). `exclude` drops the edges too, so it names only the workspaces' own build output
    // (a bare `dist/` would also hide every package whose entry point lives in its dist/ folder).
    exclude: { path: '^(services/[^/]+|gateway|proto)/dist/' },
    // type-only imports are dependencies too (a domain file importing a type from db/ is still a leak).
    tsPreCompilationDeps: true,
    // The root compiler options with the workspace packages mapped to their sources (as jest does).
    tsConfig: { fileName: path.join(__dirname, 'test/architecture/depcruise.tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
