import fc from 'fast-check';
import { encodeAny, hostileString, hostileText, neverServerError } from '@storecast/service-kit/testing';
import { newId } from '@storecast/service-kit';
import { startHarness, type Harness } from './harness';

// Property: whatever string a client puts in a string field of a write endpoint, or where an id
// belongs in a path — control characters, NUL, lone surrogates, astral characters, very long
// values — legal never answers a 5xx, and answers what the route documents (the drift-checking
// client fails the call otherwise). Legal has no `q` filter.

let h: Harness;
let managerToken: string;
beforeAll(async () => {
  h = await startHarness();
  const hq = h.addHq('Property HQ');
  const accountId = h.addAccount({ role: 'HQ_MANAGER', hqId: hq.id, name: 'Property Person' });
  managerToken = h.sign({ sub: accountId, role: 'HQ_MANAGER', hqId: hq.id });
  await h.publish('terms', 'current-1');
});
afterAll(async () => {
  await h?.stop();
});

const RUNS = { numRuns: 30 };

describe('random strings never produce a 5xx in legal', () => {
  it.each(['terms', 'privacy-policy'])('POST /api/v1/admin/%s: version, content, effectiveAt', async (kind) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ version: fc.oneof(hostileString, hostileString.map((s) => `${newId().slice(-8)}${s}`)), content: hostileString, effectiveAt: hostileString }, { requiredKeys: ['version', 'content'] }),
        async (body) => neverServerError(() => h.api('POST', `/api/v1/admin/${kind}`, { token: h.operatorToken(), body })),
      ),
      RUNS,
    );
  });

  it.each(['terms', 'privacy'])('POST /api/v1/legal/%s/agree: version', async (kind) => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (version) => neverServerError(() => h.api('POST', `/api/v1/legal/${kind}/agree`, { token: managerToken, body: { version } }))),
      RUNS,
    );
  });

  it.each(['/api/v1/admin/terms/', '/api/v1/admin/hq/'])('a hostile path segment where an id belongs (%s…) answers 4xx, never 5xx', async (prefix) => {
    await fc.assert(
      fc.asyncProperty(hostileText(2_000).filter((s) => s.length > 0), async (id) =>
        neverServerError(() => h.api('GET', `${prefix}${encodeAny(id)}${prefix.includes('/hq/') ? '/consents' : ''}`, { token: h.operatorToken() })),
      ),
      RUNS,
    );
  });
});
