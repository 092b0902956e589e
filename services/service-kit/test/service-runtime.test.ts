import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { Client } from 'pg';
import { createLogger, createServiceRuntime, enqueueEvents, ManualClock, sessionOptions, wireOrStop, type BaseServiceRuntime, type ServiceRuntime, type ServiceRuntimeOptions } from '../src';
import { createTestEnv, eventually, type TestEnv } from '../src/testing';

const NO_MIGRATIONS = path.join(__dirname, 'fixtures', 'no-migrations');
const logger = createLogger('kit-runtime-test', 'silent');

const config = (env: TestEnv, databaseUrl: string) => ({
  NODE_ENV: 'test' as const,
  HTTP_PORT: 0,
  GRPC_PORT: 0,
  DATABASE_URL: databaseUrl,
  AMQP_URL: env.amqpUrl,
  AMQP_EXCHANGE: env.exchange,
  JWT_PUBLIC_KEY: env.keys.publicKeyPem,
  JWKS_URL: 'http://127.0.0.1:1/jwks',
  GRPC_DEADLINE_MS: 1000,
  OUTBOX_POLL_MS: 50,
});

const databaseExists = async (url: string): Promise<boolean> => {
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [target.pathname.slice(1)]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
};

/** Sessions open on the database: the pool's and the outbox relay's LISTEN connection. */
const sessionsOn = async (url: string): Promise<number> => {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [new URL(url).pathname.slice(1)]);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
};

const readiness = async (runtime: BaseServiceRuntime) => {
  const { http } = await runtime.serve({ routers: [] });
  return async () => {
    const res = await fetch(`${http.url}/readyz`);
    return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
  };
};

describe('the service runtime', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('kit-runtime');
  });
  afterAll(async () => env.cleanup());

  /** A runtime with a database on the suite's env (no service migrations), with options on top. */
  const persistent = (name: string, options: Partial<ServiceRuntimeOptions<Record<string, never>>> = {}): Promise<ServiceRuntime<Record<string, never>>> =>
    createServiceRuntime({ name, config: config(env, env.databaseUrl), schema: {}, migrationsFolder: NO_MIGRATIONS, logger, ...options });

  it('with database: false opens no database, runs no relay and is ready once the broker is', async () => {
    const unusedUrl = `${env.databaseUrl}_never_created`;
    const { DATABASE_URL: _url, OUTBOX_POLL_MS: _poll, ...databaseFree } = config(env, unusedUrl);
    const runtime = await createServiceRuntime({ name: 'stateless', config: databaseFree, database: false, logger });
    try {
      expect(runtime).not.toHaveProperty('db');
      expect(runtime).not.toHaveProperty('database');
      expect(runtime).not.toHaveProperty('relay');
      const ready = await readiness(runtime);
      const answer = await eventually(async () => {
        const r = await ready();
        expect(r.status).toBe(200);
        return r;
      });
      expect(answer.body).toEqual({ status: 'ok', checks: { broker: 'ok' } });
      expect(await databaseExists(unusedUrl)).toBe(false);
    } finally {
      await runtime.stop();
    }
  });

  it('by default creates and migrates the database and checks it for readiness', async () => {
    const runtime = await persistent('persistent');
    try {
      const { rows } = await runtime.database.pool.query<{ name: string }>("select to_regclass('outbox')::text as name");
      expect(rows[0]!.name).toBe('outbox');
      const ready = await readiness(runtime);
      const answer = await eventually(async () => {
        const r = await ready();
        expect(r.status).toBe(200);
        return r;
      });
      expect(answer.body.checks).toEqual({ database: 'ok', broker: 'ok' });
    } finally {
      await runtime.stop();
    }
  });

  it('applies databaseSettings to every connection of the pool from its first statement', async () => {
    const runtime = await persistent('tuned', { databaseSettings: { max_parallel_workers_per_gather: 0, random_page_cost: 1.1 } });
    try {
      // Two connections held at once: each is a new session, and each starts with the settings.
      const [a, b] = await Promise.all([runtime.database.pool.connect(), runtime.database.pool.connect()]);
      try {
        for (const client of [a, b]) {
          const { rows } = await client.query<{ workers: string; cost: string }>(
            "select current_setting('max_parallel_workers_per_gather') as workers, current_setting('random_page_cost') as cost",
          );
          expect(rows[0]).toEqual({ workers: '0', cost: '1.1' });
        }
      } finally {
        a.release();
        b.release();
      }
    } finally {
      await runtime.stop();
    }
  });

  it('refuses a database setting that the connection options could not carry as given', () => {
    expect(sessionOptions({ work_mem: '64MB', 'pg_trgm.similarity_threshold': 0.3 })).toBe('-c work_mem=64MB -c pg_trgm.similarity_threshold=0.3');
    expect(() => sessionOptions({ work_mem: '64MB -c statement_timeout=0' })).toThrow(/unsupported session setting/);
    expect(() => sessionOptions({ 'work_mem=1 -c x': 1 })).toThrow(/unsupported session setting/);
  });

  it('prunes consumers\' handled message ids older than PROCESSED_MESSAGES_RETENTION_DAYS, on the service clock', async () => {
    const clock = new ManualClock(new Date('2026-06-15T12:00:00.000Z'));
    const runtime = await persistent('pruning', { config: { ...config(env, env.databaseUrl), PROCESSED_MESSAGES_RETENTION_DAYS: 2 }, clock });
    try {
      const day = 24 * 3600 * 1000;
      for (const [id, age] of [['old', 3], ['young', 1]] as const) {
        await runtime.database.pool.query('insert into processed_messages (consumer, message_id, handled_at) values ($1, $2, $3)', [
          'pruning.q',
          id,
          new Date(clock.now().getTime() - age * day),
        ]);
      }
      expect(runtime.pruner.retentionMs).toBe(2 * day);
      expect(await runtime.pruner.pruneOnce()).toBe(1);
      const { rows } = await runtime.database.pool.query<{ message_id: string }>('select message_id from processed_messages');
      expect(rows.map((r) => r.message_id)).toEqual(['young']);
    } finally {
      await runtime.stop();
    }
  });

  it('publishes outbox events in rounds of at most OUTBOX_BATCH_SIZE', async () => {
    const runtime = await persistent('outbox_batches', { config: { ...config(env, env.databaseUrl), OUTBOX_BATCH_SIZE: 2 } });
    try {
      await runtime.db.transaction((tx) => enqueueEvents(tx, Array.from({ length: 5 }, (_, n) => ({ routingKey: 'kit.thing.created', data: { n } }))));
      const rounds = async () =>
        (
          await runtime.database.pool.query<{ n: number }>(
            'select count(*)::int as n from outbox where published_at is not null group by published_at order by published_at',
          )
        ).rows.map((r) => r.n);
      await eventually(async () => expect((await rounds()).reduce((a, b) => a + b, 0)).toBe(5), 10_000);
      expect(await rounds()).toEqual([2, 2, 1]);
    } finally {
      await runtime.stop();
    }
  });

  it('prunes published outbox events older than OUTBOX_RETENTION_DAYS (7 by default), on the service clock', async () => {
    const clock = new ManualClock(new Date('2026-06-15T12:00:00.000Z'));
    const day = 24 * 3600 * 1000;
    const ago = (days: number) => new Date(clock.now().getTime() - days * day);
    const runtime = await persistent('outbox_pruning', { config: { ...config(env, env.databaseUrl), OUTBOX_RETENTION_DAYS: 3 }, clock });
    try {
      await runtime.relay.stop(); // the rows below are written as the relay would have left them
      await runtime.database.pool.query('delete from outbox'); // earlier tests' events (one database)
      for (const [routingKey, publishedAt] of [['old', ago(4)], ['young', ago(2)], ['unsent', null]] as const) {
        await runtime.database.pool.query(`insert into outbox (id, routing_key, payload, created_at, published_at) values ($1, $2, '{}', $3, $4)`, [
          uuidv7({ msecs: ago(10).getTime() }),
          routingKey,
          ago(10),
          publishedAt,
        ]);
      }
      expect(runtime.outboxPruner.retentionMs).toBe(3 * day);
      expect(await runtime.outboxPruner.pruneOnce()).toBe(1);
      const { rows } = await runtime.database.pool.query<{ routing_key: string }>('select routing_key from outbox order by routing_key');
      expect(rows.map((r) => r.routing_key)).toEqual(['unsent', 'young']);
    } finally {
      await runtime.stop();
    }
    const byDefault = await persistent('outbox_pruning_default', { clock });
    try {
      expect(byDefault.outboxPruner.retentionMs).toBe(7 * day);
    } finally {
      await byDefault.stop();
    }
  });

  describe('stopping', () => {
    const stopping = () => persistent('stopping');

    it('when a stop hook throws, the relay, broker and pool are still closed and stop rejects with the hook\'s error, once for every call', async () => {
      const runtime = await stopping();
      await runtime.serve({ routers: [] });
      await eventually(async () => expect(runtime.relay.isListening).toBe(true));
      expect(await sessionsOn(env.databaseUrl)).toBeGreaterThan(0);
      const laterHook = jest.fn();
      runtime.onStop(laterHook);
      runtime.onStop(() => {
        throw new Error('hook broke');
      });

      const first = runtime.stop();
      await expect(first).rejects.toThrow('hook broke');

      // Hooks run last registered first: the one registered before the failing hook still ran.
      expect(laterHook).toHaveBeenCalledTimes(1);
      expect(runtime.relay.isListening).toBe(false);
      expect(runtime.broker.isConnected).toBe(false);
      expect(runtime.database.pool.ended).toBe(true);
      await eventually(async () => expect(await sessionsOn(env.databaseUrl)).toBe(0));
      expect(runtime.stop()).toBe(first);
      expect(laterHook).toHaveBeenCalledTimes(1);
    });

    it('wireOrStop: when the wiring fails, the runtime is stopped before the wiring\'s error goes on', async () => {
      const runtime = await stopping();
      const hook = jest.fn();
      runtime.onStop(hook);
      await eventually(async () => expect(runtime.relay.isListening).toBe(true));

      await expect(
        wireOrStop(runtime, async () => {
          throw new Error('port in use');
        }),
      ).rejects.toThrow('port in use');

      expect(hook).toHaveBeenCalledTimes(1);
      expect(runtime.relay.isListening).toBe(false);
      expect(runtime.database.pool.ended).toBe(true);
      await eventually(async () => expect(await sessionsOn(env.databaseUrl)).toBe(0));
    });

    it('wireOrStop returns what the wiring returns and leaves the runtime running', async () => {
      const runtime = await stopping();
      try {
        expect(await wireOrStop(runtime, async () => 'wired')).toBe('wired');
        expect(runtime.database.pool.ended).toBe(false);
      } finally {
        await runtime.stop();
      }
    });
  });
});
