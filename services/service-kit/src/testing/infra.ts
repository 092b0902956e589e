import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { ensureDatabase, dropDatabase } from '../db';

/**
 * Test infrastructure: real PostgreSQL, RabbitMQ and Redis. URLs come from the environment
 * (set by the jest global setup: env, testcontainers or local servers), never in-memory fakes.
 */
export const testInfra = () => ({
  postgresUrl: process.env.TEST_POSTGRES_URL ?? process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  amqpUrl: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
});

const suffix = () => `${process.pid}_${randomBytes(3).toString('hex')}`;

/** A fresh database for one test file; drop() removes it. */
export const createTestDatabase = async (service: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const base = new URL(testInfra().postgresUrl);
  base.pathname = `/test_${service.replace(/-/g, '_')}_${suffix()}`;
  const url = base.toString();
  await ensureDatabase(url);
  return { url, drop: () => dropDatabase(url) };
};

/** A test-only exchange name, so parallel test files never see each other's events. */
export const testExchange = (service: string) => `test.${service}.${suffix()}`;

/** An RS256 key pair for signing test tokens. */
export const createTestKeys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** Polls until the check passes or the timeout elapses (for asynchronous side effects). */
export const eventually = async <T>(check: () => Promise<T> | T, timeoutMs = 5000, intervalMs = 50): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
  throw lastError;
};

/** Starts a harness, runs the body and stops the harness whatever happens: a file of one test (the schema sweep) needs no hooks. */
export const withHarness = async <H extends { stop(): Promise<void> }>(start: () => Promise<H>, run: (h: H) => Promise<void>): Promise<void> => {
  const h = await start();
  try {
    await run(h);
  } finally {
    await h.stop();
  }
};
