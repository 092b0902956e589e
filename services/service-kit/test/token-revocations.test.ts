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
