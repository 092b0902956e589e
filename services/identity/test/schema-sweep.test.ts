import { newId } from '@storecast/service-kit';
import { sweepGrpc, sweepRoutes, withHarness, type SweepFixtures } from '@storecast/service-kit/testing';
import { createAccountClient, createApiKeyClient, createIdentityClient, identityProto } from '@storecast/proto';
import { EMAIL_TEMPLATE_TYPES } from '../src/domain/email-templates';
import { OPERATOR, startHarness, tokenOf } from './support/harness';

// The kit's schema sweep (testing/schema-sweep.ts): every JSON operation answers what it documents,
// never a 5xx. Real accounts, emailed link tokens, refresh and exchange tokens, API clients and
// keys are mixed in, so the requests reach the use cases and the database, not only the validation.

it('every JSON operation answers what it documents, never a 5xx', () =>
  withHarness(startHarness, async (h) => {
    const hqId = newId();
    const storeId = newId();
    const independentHqId = newId();
    h.organization.setHq({ id: hqId, name: '서울체인', type: 'FRANCHISE', status: 'ACTIVE' });
    h.organization.setHq({ id: independentHqId, name: 'Independent stores', type: 'INDEPENDENT', status: 'ACTIVE' });
    h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
    h.legal.setActiveVersions({ terms: 'T-2026', privacyPolicy: 'P-2026' });
    const operatorToken = (await h.signIn(OPERATOR.email, OPERATOR.password)).accessToken;
    const asOperator = { token: operatorToken };
    const lastLinkTo = (email: string) => tokenOf(h.mails(email).at(-1)!.links[0]!);

    // The accounts whose tokens the sweep uses. None of them is among the `accountId` fixtures (an
    // operator's suspension, reset or revocation of them, or a confirmed password reset, would end
    // their tokens for the rest of the run); their password change is swept on its own, below.
    const hqManager = await h.createAccount({ role: 'HQ_MANAGER', hqId, name: '김본사' });
    const storeManager = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, name: '이매장 😀' });
    const sessions = [await h.signIn(hqManager.email, hqManager.password), await h.signIn(storeManager.email, storeManager.password)];

    // Accounts the operator's lifecycle actions act on: HQ managers, store managers (one suspended)
    // and operators, under the one `accountId` parameter of every kind's path.
    const managed = [
      await h.createAccount({ role: 'HQ_MANAGER', hqId }),
      await h.createAccount({ role: 'HQ_MANAGER', hqId, status: 'SUSPENDED' }),
      await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId }),
      await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, status: 'SUSPENDED' }),
    ];
    const operators = await Promise.all(
      ['운영자 하나', 'Operator Two'].map(async (name, i) => {
        const res = await h.http.post('/api/v1/admin/operators', { email: `sweep-operator-${i}@identity.test`, name }, asOperator);
        expect(res.status).toBe(201);
        return res.body as { id: string; email: string };
      }),
    );
    await h.mailSettled();

    // Emailed link tokens (one `token` field for every flow): setup links of the new operators and of
    // a manager, a password reset link and an email change link of accounts the sweep does not sign in with.
    const settingUp = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, passwordMustChange: true });
    expect((await h.http.post(`/api/v1/admin/accounts/${settingUp.id}/resend-setup`, undefined, asOperator)).status).toBe(204);
    const resetting = await h.createAccount({ role: 'HQ_MANAGER', hqId });
    expect((await h.http.post('/api/v1/auth/password-reset/request', { email: resetting.email })).status).toBe(204);
    const moving = await h.createAccount({ role: 'OPERATOR' });
    const movingToken = (await h.signIn(moving.email, moving.password)).accessToken;
    expect((await h.http.post('/api/v1/auth/email-change/request', { newEmail: 'moved-operator@identity.test' }, { token: movingToken })).status).toBe(204);
    await h.mailSettled();
    const linkTokens = [...operators.map((o) => lastLinkTo(o.email)), lastLinkTo(settingUp.email), lastLinkTo(resetting.email), lastLinkTo('moved-operator@identity.test')];

    // Impersonation exchange tokens of the franchise HQ (its earliest ACTIVE HQ manager: hqManager).
    const exchangeTokens = await Promise.all(
      [0, 1, 2].map(async () => ((await h.http.post(`/api/v1/admin/hq/${hqId}/impersonate`, undefined, asOperator)).body as { exchangeToken: string }).exchangeToken),
    );

    // API clients: pending sign-ups (to approve or reject) and approved ones with keys.
    const signUp = async (organizationName: string) =>
      ((await h.http.post('/api/v1/api-access/sign-up', { organizationName, contactName: '박담당', contactEmail: `${newId()}@client.example` })).body as { id: string }).id;
    const pending = [await signUp('대기 회사'), await signUp('Pending Co')];
    const approved = [await signUp('승인 회사'), await signUp('=Approved Co')];
    const keys: string[] = [];
    const keyValues: string[] = [];
    for (const clientId of approved) {
      expect((await h.http.post(`/api/v1/admin/api-clients/${clientId}/approve`, undefined, asOperator)).status).toBe(200);
      for (const expiresInDays of [30, 3650]) {
        const issued = (await h.http.post(`/api/v1/admin/api-clients/${clientId}/keys`, { expiresInDays }, asOperator)).body as { id: string; apiKey: string };
        keys.push(issued.id);
        keyValues.push(issued.apiKey);
      }
    }

    const today = h.clock.now().toISOString().slice(0, 10);
    const fixtures: SweepFixtures = {
      accountId: [...managed.map((a) => a.id), ...operators.map((o) => o.id)],
      // Sign-in: the emails and passwords of real accounts (a wrong pairing answers 401).
      // (Not `resetting`'s: a new reset request would replace the link among the `token` fixtures.)
      email: [hqManager.email, storeManager.email, OPERATOR.email, ...[1, 2, 3].map((i) => `new-operator-${i}@identity.test`)],
      password: [hqManager.password, storeManager.password, OPERATOR.password],
      refreshToken: sessions.map((s) => s.refreshToken),
      token: linkTokens,
      exchangeToken: exchangeTokens,
      // The HQ to impersonate on /admin/hq/{id}/impersonate: a franchise and an independent one.
      id: [hqId, independentHqId],
      clientId: [...pending, ...approved],
      keyId: keys,
      type: [...EMAIL_TEMPLATE_TYPES],
      termsVersion: ['T-2026'],
      privacyPolicyVersion: ['P-2026'],
      newEmail: ['new-address@identity.test', hqManager.email],
      contactEmail: ['contact@client.example', 'Contact@Client.Example'],
      // Usage windows (UTC days, validated by the use case), and test-send recipients (`to` is both).
      from: [today, '2026-01-01', '0001-01-01', '9999-12-01', '2026-02-30'],
      to: [today, '2026-12-31', '0001-01-01', '9999-12-31', '2026-02-31', 'ops@identity.test', 'Ops@Identity.Test'],
    };
    const tokens = { OPERATOR: operatorToken, HQ_MANAGER: sessions[0]!.accessToken, STORE_MANAGER: sessions[1]!.accessToken };
    // The key holder's own routes, with the key in X-API-Key (a garbage or absent key answers 401),
    // before the operator's revocations swept below end the keys.
    await sweepRoutes(h.service.api.routes, {
      call: h.http.call,
      tokens: {},
      fixtures,
      headers: { 'x-api-key': [...keyValues, 'sc_live_garbage'] },
      only: ['getOwnApiKey', 'getOwnApiUsage'],
      numRuns: 30,
    });
    await sweepRoutes(h.service.api.routes, { call: h.http.call, tokens, fixtures, skip: ['changePassword', 'rejectApiClient'], numRuns: 30 });

    // The rejection, with sign-ups of its own: the approvals swept above leave none of the clients
    // among the fixtures PENDING.
    const rejectable = [await signUp('거절 회사'), await signUp('Reject Co'), await signUp('+Reject Co')];
    await sweepRoutes(h.service.api.routes, { call: h.http.call, tokens, fixtures: { ...fixtures, clientId: rejectable }, only: ['rejectApiClient'], numRuns: 30 });

    // The password change, with one account of each role that nothing else uses: it ends every token
    // of the account, so after its first success a role's token answers 401 for the rest of the run.
    const changing = [
      await h.createAccount({ role: 'OPERATOR' }),
      await h.createAccount({ role: 'HQ_MANAGER', hqId }),
      await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId }),
    ];
    const [op, hq, store] = await Promise.all(changing.map(async (a) => (await h.signIn(a.email, a.password)).accessToken));
    await sweepRoutes(h.service.api.routes, {
      call: h.http.call,
      tokens: { OPERATOR: op, HQ_MANAGER: hq, STORE_MANAGER: store },
      fixtures: { ...fixtures, currentPassword: changing.map((a) => a.password) },
      only: ['changePassword'],
      numRuns: 30,
    });
    await h.mailSettled();
  }),
  600_000,
);

it('every gRPC method answers OK or a platform error, never INTERNAL', () =>
  withHarness(startHarness, async (h) => {
    const hqId = newId();
    const storeId = newId();
    h.organization.setHq({ id: hqId, name: '서울체인', type: 'FRANCHISE', status: 'ACTIVE' });
    h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
    const operatorToken = (await h.signIn(OPERATOR.email, OPERATOR.password)).accessToken;
    const managers = [
      await h.createAccount({ role: 'HQ_MANAGER', hqId }),
      await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId }),
      await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, status: 'SUSPENDED' }),
    ];
    const hqToken = (await h.signIn(managers[0]!.email, managers[0]!.password)).accessToken;
    // An approved API client with a key, for VerifyApiKey and the usage records.
    const clientId = ((await h.http.post('/api/v1/api-access/sign-up', { organizationName: '승인 회사', contactName: '박담당', contactEmail: 'grpc@client.example' })).body as { id: string }).id;
    expect((await h.http.post(`/api/v1/admin/api-clients/${clientId}/approve`, undefined, { token: operatorToken })).status).toBe(200);
    const key = (await h.http.post(`/api/v1/admin/api-clients/${clientId}/keys`, { expiresInDays: 30 }, { token: operatorToken })).body as { id: string; apiKey: string };

    const ids = managers.map((a) => a.id);
    const fixtures: SweepFixtures = {
      id: ids,
      accountId: ids,
      hqId: [hqId],
      storeId: [storeId],
      hqIds: [hqId],
      storeIds: [storeId],
      role: ['HQ_MANAGER', 'STORE_MANAGER', 'OPERATOR'],
      email: ['new-manager@identity.test', managers[0]!.email, 'New-Manager@Identity.Test'],
      apiKey: [key.apiKey, `sc_live_${'a'.repeat(8)}_${'B'.repeat(40)}`],
      keyId: [key.id],
      batchId: [newId()],
      endpoint: ['GET /v1/music/cursor', 'GET /v1/search'],
    };
    const address = `127.0.0.1:${h.service.grpcPort}`;
    const clients = [createIdentityClient(address), createAccountClient(address), createApiKeyClient(address)];
    try {
      for (const client of clients) {
        await sweepGrpc({ client, types: identityProto(), fixtures, callers: [operatorToken, hqToken], numRuns: 60 });
      }
    } finally {
      for (const client of clients) client.close();
    }
    await h.mailSettled();
  }),
  600_000,
);
