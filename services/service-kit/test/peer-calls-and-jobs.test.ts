import pino from 'pino';
import { AppError, lookupAll, mapLimit, notFound, orBusinessError, orMissing, orUnavailable, startPeriodicJob } from '../src';

const logger = pino({ level: 'silent' });
const unreachable = new AppError(502, 'UPSTREAM_ERROR', 'defect');

describe('peer calls', () => {
  it('a NOT_FOUND answer is "missing"; any other failure is 503 SERVICE_UNAVAILABLE', async () => {
    await expect(orMissing('organization', async () => 'hq')).resolves.toBe('hq');
    await expect(orMissing('organization', async () => { throw notFound('HQ_NOT_FOUND', 'no'); })).resolves.toBeUndefined();
    await expect(orMissing('organization', async () => { throw unreachable; })).rejects.toMatchObject({ httpStatus: 503, code: 'SERVICE_UNAVAILABLE' });
    await expect(orUnavailable('organization', async () => { throw notFound('HQ_NOT_FOUND', 'no'); })).rejects.toMatchObject({ httpStatus: 503 });
  });

  it('business answers pass through orBusinessError; defects become 503', async () => {
    await expect(orBusinessError('identity', async () => { throw new AppError(409, 'DUPLICATE_EMAIL', 'taken'); })).rejects.toMatchObject({ httpStatus: 409, code: 'DUPLICATE_EMAIL' });
    await expect(orBusinessError('identity', async () => { throw new Error('socket hang up'); })).rejects.toMatchObject({ httpStatus: 503 });
  });

  it('mapLimit keeps the order and never runs more than the limit at once; lookupAll leaves out what is not found', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
    const found = await lookupAll(['a', 'b', 'a', 'c'], async (id) => (id === 'b' ? undefined : id.toUpperCase()));
    expect([...found.entries()]).toEqual([['a', 'A'], ['c', 'C']]);
  });
});

describe('periodic jobs', () => {
  it('runNow runs once even when asked twice at the same time and answers the result; a failed run rejects and the next one runs', async () => {
    let runs = 0;
    let fail = true;
    const job = startPeriodicJob({ name: 'purge', intervalMs: 0, logger, run: async () => {
      runs++;
      if (fail) throw new Error('database down');
      return runs;
    } });
    await expect(Promise.all([job.runNow(), job.runNow()])).rejects.toThrow('database down');
    expect(runs).toBe(1);
    fail = false;
    await expect(Promise.all([job.runNow(), job.runNow()])).resolves.toEqual([2, 2]);
    await job.stop();
  });

  it('with firstRunAfterMs the first run comes after that delay, then one every interval, until stopped', async () => {
    jest.useFakeTimers();
    try {
      let runs = 0;
      const job = startPeriodicJob({ name: 'prune', intervalMs: 1000, firstRunAfterMs: 100, logger, run: async () => ++runs });
      await jest.advanceTimersByTimeAsync(99);
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(2000);
      expect(runs).toBe(3);
      await job.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('without firstRunAfterMs the first run comes one interval after the start', async () => {
    jest.useFakeTimers();
    try {
      let runs = 0;
      const job = startPeriodicJob({ name: 'purge', intervalMs: 1000, logger, run: async () => ++runs });
      await jest.advanceTimersByTimeAsync(999);
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      await job.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
