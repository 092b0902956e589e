// Finds the real servers the tests need, in this order: URLs from the environment, else
// containers when a Docker engine is reachable, else the local servers (started when installed
// but stopped). There is no in-memory stand-in.
const net = require('node:net');
const { execSync } = require('node:child_process');
const fs = require('node:fs');

const canConnect = (host, port, timeoutMs = 500) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

const waitFor = async (host, port, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(host, port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
};

const sh = (cmd) => {
  try {
    execSync(cmd, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
};

const has = (bin) => sh(`command -v ${bin}`);

const LOCAL = {
  postgres: {
    port: 5432,
    url: 'postgres://postgres@127.0.0.1:5432/postgres',
    start: () => {
      if (!has('pg_ctlcluster')) return false;
      const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
      return versions.some((v) => sh(`pg_ctlcluster --skip-systemctl-redirect ${v} main start`) || sh(`pg_ctlcluster ${v} main start`));
    },
    hint: 'install postgresql and run: pg_ctlcluster 15 main start',
  },
  redis: {
    port: 6379,
    url: 'redis://127.0.0.1:6379',
    start: () => has('redis-server') && sh(`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no`),
    hint: "install redis-server and run: redis-server --daemonize yes --port 6379 --save ''",
  },
  rabbitmq: {
    port: 5672,
    url: 'amqp://guest:guest@127.0.0.1:5672',
    start: () => has('rabbitmq-server') && sh('rabbitmq-server -detached'),
    hint: 'install rabbitmq-server and run: rabbitmq-server -detached',
  },
};

const ENV_KEYS = { postgres: 'TEST_POSTGRES_URL', redis: 'REDIS_URL', rabbitmq: 'AMQP_URL' };

const dockerAvailable = async () => {
  try {
    const { getContainerRuntimeClient } = require('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
};

const startContainers = async () => {
  const { GenericContainer, Wait } = require('testcontainers');
  const pg = await new GenericContainer('postgres:15')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start();
  const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
  const rabbit = await new GenericContainer('rabbitmq:3.13')
    .withExposedPorts(5672)
    .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
    .start();
  return {
    postgres: `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    redis: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    rabbitmq: `amqp://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(5672)}`,
    containers: [pg, redis, rabbit],
  };
};

/** Resolves the three URLs and exports them into process.env for the test workers. */
const ensureInfra = async ({ log = () => undefined } = {}) => {
  const missing = Object.keys(LOCAL).filter((k) => !process.env[ENV_KEYS[k]]);
  if (missing.length === 0) return;
  const localUp = {};
  for (const k of missing) localUp[k] = await canConnect('127.0.0.1', LOCAL[k].port);
  const allLocal = missing.every((k) => localUp[k]);
  if (!allLocal && !process.env.STORECAST_NO_CONTAINERS && (await dockerAvailable())) {
    log('starting test containers');
    const c = await startContainers();
    for (const k of missing) process.env[ENV_KEYS[k]] = c[k];
    globalThis.__STORECAST_CONTAINERS__ = c.containers;
    return;
  }
  const problems = [];
  for (const k of missing) {
    if (!localUp[k]) {
      log(`starting local ${k}`);
      LOCAL[k].start();
      const timeout = k === 'rabbitmq' ? 30_000 : 15_000;
      if (!(await waitFor('127.0.0.1', LOCAL[k].port, timeout))) {
        problems.push(`${k} is not reachable on 127.0.0.1:${LOCAL[k].port} (${LOCAL[k].hint})`);
        continue;
      }
    }
    process.env[ENV_KEYS[k]] = LOCAL[k].url;
  }
  if (problems.length) throw new Error(`Test infrastructure missing:\n  ${problems.join('\n  ')}`);
  // RabbitMQ accepts TCP a few seconds before AMQP; wait until a real AMQP handshake works.
  const amqp = require('amqplib');
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const c = await amqp.connect(process.env.AMQP_URL, { timeout: 2000 });
      await c.close();
      break;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`RabbitMQ does not accept AMQP: ${err.message}`, { cause: err });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
};

module.exports = { ensureInfra, canConnect, waitFor, LOCAL };
