import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { RedisTokenRevocations } from '../src';
import { eventually, TcpProxy, testInfra } from '../src/testing';

// Decision 0009: the marks are read from a local copy that Redis keeps exact through CLIENT
// TRACKING invalidations on a connection of the reader's own. The writer here is a second
// instance, as identity is for every other service.
const redisUrl = testInfra().redisUrl;
const { hostname, port } = new URL(redisUrl);
const account = () => randomUUID();
const future = new Date(2_000_000_000_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('token revocation marks, read from a local copy Redis keeps exact', () => {
  let prefix: string;
  let redis: Redis;
  let reader: RedisTokenRevocations;
  let writer: RedisTokenRevocations;
  const closing: Array<{ close(): Promise<void> }> = [];

  /** Reads the account until the local copy holds it: the tracking connection is subscribed. */
  const readUntilKept = async (revocations: RedisTokenRevocations, accountId: string) => {
    await eventually(async () => {
      await revocations.notBefore(accountId);
      expect(revocations.localEntries).toBeGreaterThan(0);
    });
  };

  beforeEach(() => {
    prefix = `test:${randomUUID()}:`;
    redis = new Redis(redisUrl);
    reader = new RedisTokenRevocations(redis, { prefix });
    writer = new RedisTokenRevocations(redisUrl, { prefix, localMaxEntries: 0 });
    closing.push(reader, writer);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    for (const c of closing.splice(0)) await c.close();
    await redis.quit();
  });

  it('a second check of an account makes no Redis read while tracking is live', async () => {
    const withMark = account();
    const withoutMark = account();
    await writer.revokeBefore(withMark, future, 60);
    await readUntilKept(reader, withMark);
    await reader.notBefore(withoutMark);
    const get = jest.spyOn(redis, 'get');
    expect(await reader.notBefore(withMark)).toBe(2_000_000_000);
    expect(await reader.notBefore(withoutMark)).toBeUndefined();
    expect(await reader.notBefore(withMark)).toBe(2_000_000_000);
    expect(get).not.toHaveBeenCalled();
  });

  it('a mark another process writes replaces the kept absence as soon as its invalidation arrives', async () => {
    const id = account();
    await readUntilKept(reader, id);
    expect(await reader.notBefore(id)).toBeUndefined();
    await writer.revokeBefore(id, future, 60);
    await eventually(async () => expect(await reader.notBefore(id)).toBe(2_000_000_000));
  });

  it("a mark the reader writes itself counts for its own next check at once (no wait for the invalidation)", async () => {
    const id = account();
    await readUntilKept(reader, id);
    await reader.revokeBefore(id, future, 60);
    expect(await reader.notBefore(id)).toBe(2_000_000_000);
  });

  it('a mark that expires in Redis is dropped from the local copy', async () => {
    const id = account();
    await writer.revokeBefore(id, future, 1);
    await readUntilKept(reader, id);
    expect(await reader.notBefore(id)).toBe(2_000_000_000);
    await eventually(async () => expect(await reader.notBefore(id)).toBeUndefined(), 5_000);
  });

  it('a read that an invalidation overtook is answered but not kept', async () => {
    const id = account();
    await readUntilKept(reader, account());
    const realGet = redis.get.bind(redis);
    // The read sees "no mark"; before its answer is handled, the mark is written and its
    // invalidation delivered.
    jest.spyOn(redis, 'get').mockImplementationOnce((async (key: string) => {
      const value = await realGet(key);
      await writer.revokeBefore(id, future, 60);
      await sleep(300);
      return value;
    }) as never);
    expect(await reader.notBefore(id)).toBeUndefined();
    expect(await reader.notBefore(id)).toBe(2_000_000_000);
  });

  it('a flush of any database drops every kept entry', async () => {
    const id = account();
    await readUntilKept(reader, id);
    const other = new Redis(redisUrl, { db: 15 });
    try {
      await other.flushdb();
    } finally {
      await other.quit();
    }
    await eventually(() => expect(reader.localEntries).toBe(0));
  });

  it('keeps at most localMaxEntries accounts, the oldest dropped first', async () => {
    const small = new RedisTokenRevocations(redis, { prefix, localMaxEntries: 2 });
    closing.push(small);
    await readUntilKept(small, account());
    for (let i = 0; i < 5; i++) await small.notBefore(account());
    expect(small.localEntries).toBe(2);
  });

  it('with localMaxEntries 0 every check reads Redis', async () => {
    const id = account();
    const uncached = new RedisTokenRevocations(redis, { prefix, localMaxEntries: 0 });
    closing.push(uncached);
    const get = jest.spyOn(redis, 'get');
    await uncached.notBefore(id);
    await uncached.notBefore(id);
    expect(get).toHaveBeenCalledTimes(2);
    expect(uncached.localEntries).toBe(0);
  });

  describe('when Redis refuses CLIENT TRACKING (an ACL without the CLIENT commands, as some managed Redis offerings have)', () => {
    const user = `storecast-test-notrack-${randomUUID()}`;
    beforeAll(async () => {
      const admin = new Redis(redisUrl);
      await admin.call('ACL', 'SETUSER', user, 'on', 'nopass', '~*', '&*', '+@all', '-client');
      await admin.quit();
    });
    afterAll(async () => {
      const admin = new Redis(redisUrl);
      await admin.call('ACL', 'DELUSER', user);
      await admin.quit();
    });

    it('every check reads Redis, and a mark another process writes counts on the next one', async () => {
      const url = new URL(redisUrl);
      url.username = user;
      url.password = 'unused';
      const untracked = new RedisTokenRevocations(url.toString(), { prefix });
      closing.push(untracked);
      const id = account();
      for (let i = 0; i < 3; i++) expect(await untracked.notBefore(id)).toBeUndefined();
      // Long enough for the tracking connection to have been refused (it is, on its first command).
      await sleep(300);
      expect(await untracked.notBefore(id)).toBeUndefined();
      expect(untracked.localEntries).toBe(0);
      // The tracking connection gave up after its refusal (no reconnect loop asking again): the
      // ACL log's count of this user's refused commands stays where it is.
      const admin = new Redis(redisUrl);
      try {
        const refusals = async () => {
          const entries = (await admin.call('ACL', 'LOG', '128')) as Array<Array<string | number>>;
          let n = 0;
          for (const entry of entries) {
            const fields = new Map<string, unknown>();
            for (let i = 0; i < entry.length; i += 2) fields.set(String(entry[i]), entry[i + 1]);
            if (fields.get('username') === user) n += Number(fields.get('count'));
          }
          return n;
        };
        const before = await refusals();
        expect(before).toBeGreaterThan(0);
        await sleep(1_000);
        expect(await refusals()).toBe(before);
      } finally {
        await admin.quit();
      }
      await writer.revokeBefore(id, future, 60);
      expect(await untracked.notBefore(id)).toBe(2_000_000_000);
    });
  });

  describe('when the connection to Redis is lost', () => {
    it('nothing is answered locally (fail closed: 503), and a mark written meanwhile counts once Redis is back', async () => {
      const proxy = new TcpProxy({ host: hostname, port: Number(port) });
      await proxy.start();
      const behindProxy = new RedisTokenRevocations(`redis://127.0.0.1:${proxy.port}`, { prefix });
      closing.push(behindProxy);
      const id = account();
      await readUntilKept(behindProxy, id);
      expect(await behindProxy.notBefore(id)).toBeUndefined();

      await proxy.cut();
      await writer.revokeBefore(id, future, 60);
      await eventually(async () => expect(await behindProxy.notBefore(id).catch((e: unknown) => e)).toMatchObject({ httpStatus: 503, code: 'SERVICE_UNAVAILABLE' }));
      expect(behindProxy.localEntries).toBe(0);

      await proxy.restore();
      await eventually(async () => expect(await behindProxy.notBefore(id)).toBe(2_000_000_000), 10_000);
      // Tracking is live again: the account is kept once more.
      await readUntilKept(behindProxy, id);
      await proxy.cut();
    });
  });
});
