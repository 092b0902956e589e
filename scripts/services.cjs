// The runnable workspaces and their local ports (docs/conventions.md), read by the launcher and
// the e2e harness. A service is runnable when its workspace exists in package.json.
// CommonJS so both the launcher (ESM) and the e2e harness (jest) load it.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const PORTS = {
  gateway: { http: 8080 },
  identity: { http: 8081, grpc: 50051 },
  legal: { http: 8082, grpc: 50052 },
  organization: { http: 8083, grpc: 50053 },
  'catalog-search': { http: 8084, grpc: 50054 },
  'announcement-dispatch': { http: 8085, grpc: 50055 },
  playback: { http: 8086, grpc: 50056 },
  support: { http: 8087, grpc: 50057 },
  'sse-fanout': { http: 8088 },
};

/** Runnable workspaces: gateway and services/* except the kit, in start order (gateway last). */
const runnableWorkspaces = () => {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const services = workspaces
    .filter((ws) => ws.startsWith('services/') && ws !== 'services/service-kit')
    .filter((ws) => fs.existsSync(path.join(ROOT, ws, 'src', 'server.ts')))
    .map((ws) => ({ name: path.basename(ws), dir: path.join(ROOT, ws) }));
  // identity first: it publishes the token keys everybody else verifies with.
  services.sort((a, b) => (a.name === 'identity' ? -1 : b.name === 'identity' ? 1 : 0));
  return [...services, { name: 'gateway', dir: path.join(ROOT, 'gateway') }];
};

/**
 * Node's own flags a workspace runs with, from its package.json (`storecast.nodeFlags`): V8 flags
 * such as the gateway's heap growing factor, which NODE_OPTIONS refuses. `npm start`, the image's
 * launcher (deploy/assemble.mjs) and the gateway bench read them here, so every way of running a
 * service runs it alike. Only plain `--name` / `--name=value` flags are accepted: the launcher
 * writes them into a shell script.
 */
const NODE_FLAG = /^--[a-z][a-z0-9-]*(=[A-Za-z0-9._-]+)?$/;
const nodeFlagsOf = (dir) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const flags = pkg.storecast?.nodeFlags ?? [];
  if (!Array.isArray(flags)) throw new Error(`${dir}/package.json: storecast.nodeFlags must be a list`);
  for (const flag of flags) {
    if (typeof flag !== 'string' || !NODE_FLAG.test(flag)) throw new Error(`${dir}/package.json: storecast.nodeFlags: ${JSON.stringify(flag)} is not a plain --flag or --flag=value`);
  }
  return flags;
};

const envName = (name) => name.toUpperCase().replace(/-/g, '_');

/**
 * The environment one process gets: its ports, its database, the broker, every peer's gRPC
 * address and HTTP URL (the gateway's upstreams), the verification key.
 */
const serviceEnvironment = (name, shared, ports = PORTS) => {
  const own = ports[name] ?? {};
  const env = {
    ...shared.common,
    OTEL_SERVICE_NAME: name,
    HTTP_PORT: String(own.http),
  };
  if (own.grpc) env.GRPC_PORT = String(own.grpc);
  if (name === 'gateway') env.GATEWAY_PORT = String(own.http);
  if (name !== 'gateway') {
    // Only the gateway is public: a service's own ports (a direct login skips the gateway's limits)
    // answer on this machine only.
    env.BIND_HOST = '127.0.0.1';
    const db = new URL(shared.postgresUrl);
    db.pathname = `/storecast_${name.replace(/-/g, '_')}`;
    env.DATABASE_URL = db.toString();
  }
  for (const [peer, p] of Object.entries(ports)) {
    if (p.http) env[`${envName(peer)}_HTTP_URL`] = `http://127.0.0.1:${p.http}`;
    if (p.grpc) env[`${envName(peer)}_GRPC_ADDR`] = `127.0.0.1:${p.grpc}`;
  }
  return env;
};

module.exports = { ROOT, PORTS, runnableWorkspaces, serviceEnvironment, nodeFlagsOf };
