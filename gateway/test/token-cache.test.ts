import { ManualClock, MemoryTokenRevocations, TokenVerifier } from '@storecast/service-kit';
import { CachedTokenVerifier } from '../src/auth/cached-token-verifier';
import { keys, signToken } from './helpers';

describe('access-token verification cache', () => {
  const setup = (maxEntries?: number) => {
    const clock = new ManualClock();
    const inner = new TokenVerifier({ publicKeyPem: keys.publicKeyPem }, { clock });
    const calls: string[] = [];
    const revocations = new MemoryTokenRevocations();
    const verifier = new CachedTokenVerifier({
      verifier: { verify: (token) => (calls.push(token), inner.verify(token)) },
      revocations,
      clock,
      maxEntries,
    });
    return { clock, calls, revocations, verifier };
  };

  it('checks a token’s signature once and reuses its claims for the next requests', async () => {
    const { calls, verifier } = setup();
    const token = signToken({ role: 'HQ_MANAGER', hqId: 'hq-1', sub: 'acc-1' });
    const first = await verifier.verify(token);
    const second = await verifier.verify(token);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ sub: 'acc-1', role: 'HQ_MANAGER', hqId: 'hq-1' });
    expect(calls).toHaveLength(1);
  });

  it('stops using a cached token at its expiry: the next request answers 401 AUTH_TOKEN_EXPIRED', async () => {
    const { clock, verifier } = setup();
    const token = signToken({ role: 'OPERATOR' }, { expiresInSeconds: 60 });
    await verifier.verify(token);
    clock.advance(61_000);
    await expect(verifier.verify(token)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_EXPIRED' });
  });

  it('still refuses a cached token at once when its account gets a revocation mark', async () => {
    const { clock, revocations, verifier } = setup();
    const token = signToken({ role: 'OPERATOR', sub: 'acc-revoked' });
    await verifier.verify(token);
    await revocations.revokeBefore('acc-revoked', new Date(clock.now().getTime() + 2000));
    await expect(verifier.verify(token)).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
  });

  it('keeps at most maxEntries tokens: the least recently used one is verified again', async () => {
    const { calls, verifier } = setup(2);
    const [a, b, c] = [1, 2, 3].map((i) => signToken({ role: 'OPERATOR', sub: `acc-${i}` }));
    for (const t of [a!, b!, c!, b!, c!, a!]) await verifier.verify(t);
    expect(calls).toEqual([a, b, c, a]);
  });

  it('never keeps a failure: a bad token is judged again on every request', async () => {
    const { calls, verifier } = setup();
    const forged = signToken({ role: 'OPERATOR' }).slice(0, -4) + 'AAAA';
    await expect(verifier.verify(forged)).rejects.toMatchObject({ httpStatus: 401 });
    await expect(verifier.verify(forged)).rejects.toMatchObject({ httpStatus: 401 });
    expect(calls).toHaveLength(2);
  });
});
