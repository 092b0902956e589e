import fc from 'fast-check';
import { encodeAny, hostileQuery, hostileString, hostileText, neverServerError } from '@storecast/service-kit/testing';
import { newId } from '@storecast/service-kit';
import { OPERATOR, startHarness, type Harness } from './support/harness';

// Property: whatever string a client puts in a string field of a write endpoint, or in a `q`
// filter — control characters, NUL, lone surrogates, astral characters, LIKE wildcards, very long
// values — identity never answers a 5xx, and answers what the route documents (the drift-checking
// client fails the call otherwise).

let h: Harness;
let operatorToken: string;
beforeAll(async () => {
  h = await startHarness();
  operatorToken = (await h.signIn(OPERATOR.email, OPERATOR.password)).accessToken;
});
afterAll(async () => {
  await h?.stop();
});

const RUNS = { numRuns: 30 };

describe('random strings never produce a 5xx in identity', () => {
  it('POST /api/v1/auth/login: email, password', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (email, password) =>
        neverServerError(() => h.http.post('/api/v1/auth/login', { email, password })),
      ),
      RUNS,
    );
  });

  it('POST /api/v1/api-access/sign-up: organizationName, contactName, contactEmail, purpose', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, hostileString, hostileString, async (organizationName, contactName, contactEmail, purpose) =>
        neverServerError(() => h.http.post('/api/v1/api-access/sign-up', { organizationName, contactName, contactEmail, purpose })),
      ),
      RUNS,
    );
  });

  it('POST /api/v1/auth/password-reset/request: email', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (email) => neverServerError(() => h.http.post('/api/v1/auth/password-reset/request', { email }))),
      RUNS,
    );
    await h.mailSettled();
  });

  it('POST /api/v1/admin/operators: email, name, tempPassword', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: fc.oneof(hostileString, hostileString.map((s) => `${newId()}${s}@example.com`)), name: hostileString, tempPassword: hostileString }, { requiredKeys: ['email', 'name'] }),
        async (body) => neverServerError(() => h.http.post('/api/v1/admin/operators', body, { token: operatorToken })),
      ),
      { numRuns: 15 },
    );
    await h.mailSettled();
  });

  it('POST /api/v1/admin/accounts/hq-managers/{id}/suspend: reason', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (reason) =>
        neverServerError(() => h.http.post(`/api/v1/admin/accounts/hq-managers/${newId()}/suspend`, { reason }, { token: operatorToken })),
      ),
      RUNS,
    );
  });

  it.each(['/api/v1/admin/operators', '/api/v1/admin/api-clients'])('GET %s?q=', async (path) => {
    await fc.assert(
      fc.asyncProperty(hostileQuery, async (q) => neverServerError(() => h.http.get(`${path}?q=${encodeAny(q)}`, { token: operatorToken }))),
      RUNS,
    );
  });

  it('a hostile path segment where an id belongs answers 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText(2_000).filter((s) => s.length > 0), async (id) =>
        neverServerError(() => h.http.get(`/api/v1/admin/operators/${encodeAny(id)}`, { token: operatorToken })),
      ),
      RUNS,
    );
  });
});
