import amqp from 'amqplib';
import jwt from 'jsonwebtoken';
import { JWT_AUDIENCE, JWT_ISSUER, type Role } from '../auth';
import { newId } from '../ids';
import { createTestDatabase, createTestKeys, testExchange, testInfra } from './infra';

export interface TestClaims {
  sub?: string;
  role: Role;
  hqId?: string;
  storeId?: string;
  passwordMustChange?: boolean;
  impersonatedBy?: string;
  /** Lifetime in seconds (600 by default). */
  expiresIn?: number;
}

export interface TestEnv {
  databaseUrl: string;
  exchange: string;
  amqpUrl: string;
  redisUrl: string;
  keys: ReturnType<typeof createTestKeys>;
  /** An access token as identity issues it (RS256, kid, issuer, audience), signed with the test key. */
  sign(claims: TestClaims): string;
  /**
   * The variables every service reads, for loadXConfig: ports 0, silent logs, the test
   * database and exchange, the test public key, a fast outbox poll; `extra` adds or overrides.
   */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Drops the database and deletes the exchange (queues of test exchanges auto-delete). */
  cleanup(): Promise<void>;
}

/** Real PostgreSQL database, RabbitMQ exchange and key pair for one test file of a service. */
export const createTestEnv = async (service: string): Promise<TestEnv> => {
  const infra = testInfra();
  const database = await createTestDatabase(service);
  const exchange = testExchange(service);
  const keys = createTestKeys();
  return {
    databaseUrl: database.url,
    exchange,
    amqpUrl: infra.amqpUrl,
    redisUrl: infra.redisUrl,
    keys,
    sign: (claims) =>
      jwt.sign(
        {
          role: claims.role,
          hqId: claims.hqId,
          storeId: claims.storeId,
          passwordMustChange: claims.passwordMustChange ?? false,
          impersonatedBy: claims.impersonatedBy,
        },
        keys.privateKeyPem,
        {
          algorithm: 'RS256',
          keyid: 'test-key',
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          subject: claims.sub ?? newId(),
          expiresIn: claims.expiresIn ?? 600,
        },
      ),
    env: (extra = {}) => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HTTP_PORT: '0',
      GRPC_PORT: '0',
      DATABASE_URL: database.url,
      AMQP_URL: infra.amqpUrl,
      AMQP_EXCHANGE: exchange,
      REDIS_URL: infra.redisUrl,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      OUTBOX_POLL_MS: '50',
      ...extra,
    }),
    async cleanup() {
      await database.drop();
      const connection = await amqp.connect(infra.amqpUrl);
      try {
        const channel = await connection.createChannel();
        await channel.deleteExchange(exchange);
      } finally {
        await connection.close();
      }
    },
  };
};
