import fc from 'fast-check';
import { hostileString, hostileQuery, encodeAny, neverServerError } from '@storecast/service-kit/testing';
import { createHqStore, issueStoreManager, onboardHq, startHarness, unique, type Harness, type OnboardedHq } from './support/harness';

// Property: whatever string a client puts in a string field of a write endpoint, or in a `q`
// filter — control characters, NUL, lone surrogates, astral characters, LIKE wildcards, very long
// values — the answer is never a 5xx, and it is one the route documents (the drift-checking client
// fails the call otherwise).

let h: Harness;
let hq: OnboardedHq;
let storeId: string;
let storeToken: string;
beforeAll(async () => {
  h = await startHarness();
  hq = await onboardHq(h);
  storeId = (await createHqStore(h, hq)).store.id;
  storeToken = (await issueStoreManager(h, storeId, hq.hqId)).token;
});
afterAll(async () => {
  await h?.stop();
});

const RUNS = { numRuns: 40 };

describe('random strings never produce a 5xx', () => {
  it('POST /api/v1/hq/stores: name, address, managerName, managerPhone', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, hostileString, hostileString, async (name, address, managerName, managerPhone) =>
        neverServerError(() => h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name, address, managerName, managerPhone } })),
      ),
      RUNS,
    );
  });

  it('PATCH /api/v1/hq/stores/{id}: every contact field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: hostileString, address: hostileString, managerName: hostileString, managerEmail: hostileString, managerPhone: hostileString }, { requiredKeys: [] }),
        async (body) => neverServerError(() => h.api('PATCH', `/api/v1/hq/stores/${storeId}`, { token: hq.token, body })),
      ),
      RUNS,
    );
  });

  it('PATCH /api/v1/store/me: managerName, managerEmail, managerPhone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ managerName: hostileString, managerEmail: hostileString, managerPhone: hostileString }, { requiredKeys: [] }), async (body) =>
        neverServerError(() => h.api('PATCH', '/api/v1/store/me', { token: storeToken, body })),
      ),
      RUNS,
    );
  });

  it('POST and PATCH /api/v1/store/devices: deviceKey and label', async () => {
    const device = (await h.api('POST', '/api/v1/store/devices', { token: storeToken, body: { deviceKey: unique('k'), label: 'Counter' } })).body as { id: string };
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (deviceKey, label) => {
        await neverServerError(() => h.api('POST', '/api/v1/store/devices', { token: storeToken, body: { deviceKey, label } }));
        await neverServerError(() => h.api('PATCH', `/api/v1/store/devices/${device.id}`, { token: storeToken, body: { label } }));
      }),
      RUNS,
    );
  });

  it('PATCH /api/v1/admin/hq/{id} (name) and POST /api/v1/admin/hq (every string of the onboarding)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, hostileString, hostileString, async (name, businessNumber, llmKeywords, managerName) => {
        await neverServerError(() => h.api('PATCH', `/api/v1/admin/hq/${hq.hqId}`, { token: h.operatorToken, body: { name } }));
        await neverServerError(() =>
          h.api('POST', '/api/v1/admin/hq', {
            token: h.operatorToken,
            body: {
              hq: { name, businessNumber, plan: 'AI', billingAnchorDay: 1, llmKeywords, llmMaxPerHour: 1 },
              manager: { email: `${unique('p')}@example.com`.toLowerCase(), tempPassword: managerName.padEnd(8, 'x'), name: managerName },
            },
          }),
        );
      }),
      RUNS,
    );
  });

  it('every q: HQ store list, operator HQ list, operator store list', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery, async (q) => {
        const encoded = encodeAny(q);
        await neverServerError(() => h.api('GET', `/api/v1/hq/stores?q=${encoded}`, { token: hq.token }));
        await neverServerError(() => h.api('GET', `/api/v1/admin/hq/admin-list?q=${encoded}`, { token: h.operatorToken }));
        await neverServerError(() => h.api('GET', `/api/v1/admin/stores/admin-list?q=${encoded}`, { token: h.operatorToken }));
      }),
      RUNS,
    );
  });
});
