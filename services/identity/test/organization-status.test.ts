import { newId, RedisTokenRevocations, TokenVerifier } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { OPERATOR, startHarness, type Harness } from './support/harness';

/**
 * Organization's suspensions, closures and deletions block sign-in (spec 02 § Blocked login);
 * identity consumes them and ends the access tokens the blocked managers already hold.
 */
describe('when organization blocks a store or an HQ, its managers’ access tokens stop working at once', () => {
  let h: Harness;
  // What any other service holds: a verifier over identity's keys reading the same revocation marks.
  let elsewhere: TokenVerifier;
  let marks: RedisTokenRevocations;

  beforeAll(async () => {
    h = await startHarness();
    marks = new RedisTokenRevocations(h.env.redisUrl);
    elsewhere = new TokenVerifier({ publicKeyPem: h.keys.publicKeyPem }, { revocations: marks });
  });
  afterAll(async () => {
    await marks?.close();
    await h?.stop();
  });

  const me = (token: string) => h.http.get('/api/v1/auth/me', { token });
  const refresh = (refreshToken: string) => h.http.post('/api/v1/auth/refresh', { refreshToken });
  const ended = async (token: string) => {
    const res = await me(token);
    return res.status === 401 && res.body.error.code === 'AUTH_TOKEN_INVALID';
  };
  const works = async (token: string) => (await me(token)).status === 200 && (await elsewhere.verify(token)).sub.length > 0;

  /** An HQ with two stores; the first has two managers, the second one; the HQ one manager. Everyone signed in. */
  const organizationSignedIn = async () => {
    const hq = h.organization.addHq({ name: 'Blue Coffee HQ' });
    const store = h.organization.addStore(hq.id);
    const neighbour = h.organization.addStore(hq.id);
    const signedIn = async (role: 'HQ_MANAGER' | 'STORE_MANAGER', storeId?: string) => {
      const account = await h.createAccount({ role, hqId: hq.id, storeId: storeId ?? null });
      return { account, session: await h.signIn(account.email, account.password) };
    };
    const result = {
      hq,
      store,
      neighbour,
      storeManagers: [await signedIn('STORE_MANAGER', store.id), await signedIn('STORE_MANAGER', store.id)],
      neighbourManager: await signedIn('STORE_MANAGER', neighbour.id),
      hqManager: await signedIn('HQ_MANAGER'),
    };
    // The change comes after the sign-ins, in a later second (marks are whole seconds).
    h.clock.advance(1000);
    return result;
  };

  it.each([
    ['suspended', 'AUTH_STORE_SUSPENDED', (o: { storeId: string; hqId: string }) => h.publish('organization.store.suspended', { ...o, reason: 'unpaid' }, { occurredAt: h.clock.now() })],
    ['closed', 'AUTH_STORE_CLOSED', (o: { storeId: string; hqId: string }) => h.publish('organization.store.closed', { ...o, closedAt: h.clock.now().toISOString() }, { occurredAt: h.clock.now() })],
    [
      'deleted',
      'AUTH_STORE_CLOSED',
      (o: { storeId: string; hqId: string }) =>
        h.publish('organization.store.deleted', { ...o, deletedAt: h.clock.now().toISOString(), reason: 'STORE_DELETED' }, { occurredAt: h.clock.now() }),
    ],
  ])('a %s store: its managers get 401 AUTH_TOKEN_INVALID everywhere, then %s on refresh; other managers keep working', async (name, refreshCode, publish) => {
    const o = await organizationSignedIn();
    if (name === 'suspended') h.organization.setStore({ ...o.store, status: 'SUSPENDED' });
    if (name === 'closed') h.organization.setStore({ ...o.store, closedAt: h.clock.now().toISOString() });
    if (name === 'deleted') h.organization.removeStore(o.store.id);
    await publish({ storeId: o.store.id, hqId: o.hq.id });

    for (const { session } of o.storeManagers) {
      await eventually(async () => expect(await ended(session.accessToken)).toBe(true));
      await expect(elsewhere.verify(session.accessToken)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
      const refreshed = await refresh(session.refreshToken);
      expect(refreshed.status).toBe(403);
      expect(refreshed.body.error.code).toBe(refreshCode);
    }
    expect(await works(o.neighbourManager.session.accessToken)).toBe(true);
    expect(await works(o.hqManager.session.accessToken)).toBe(true);
    // The accounts themselves are untouched: the block is the organization's, not the account's.
    for (const { account } of o.storeManagers) expect((await h.account(account.id)).status).toBe('ACTIVE');
  });

  it('a reactivated store’s manager refreshes into a working session without signing in again', async () => {
    const o = await organizationSignedIn();
    h.organization.setStore({ ...o.store, status: 'SUSPENDED' });
    await h.publish('organization.store.suspended', { storeId: o.store.id, hqId: o.hq.id, reason: 'unpaid' }, { occurredAt: h.clock.now() });
    const { session } = o.storeManagers[0]!;
    await eventually(async () => expect(await ended(session.accessToken)).toBe(true));

    h.clock.advance(1000);
    h.organization.setStore({ ...o.store, status: 'ACTIVE' });
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(await works(refreshed.body.accessToken)).toBe(true);
  });

  it('a suspended HQ: its HQ managers’ tokens end, impersonated sessions too; its store managers keep theirs', async () => {
    const o = await organizationSignedIn();
    const op = await h.signIn(OPERATOR.email, OPERATOR.password);
    const issued = await h.http.post(`/api/v1/admin/hq/${o.hq.id}/impersonate`, undefined, { token: op.accessToken });
    const impersonated = await h.http.post('/api/v1/auth/impersonate-exchange', { exchangeToken: issued.body.exchangeToken });
    expect(impersonated.status).toBe(200);
    h.clock.advance(1000);

    h.organization.setHq({ ...o.hq, status: 'SUSPENDED' });
    await h.publish('organization.hq.suspended', { hqId: o.hq.id, reason: 'unpaid' }, { occurredAt: h.clock.now() });

    await eventually(async () => expect(await ended(o.hqManager.session.accessToken)).toBe(true));
    expect(await ended(impersonated.body.accessToken)).toBe(true);
    const refreshed = await refresh(o.hqManager.session.refreshToken);
    expect(refreshed.status).toBe(403);
    expect(refreshed.body.error.code).toBe('AUTH_HQ_SUSPENDED');
    for (const m of [...o.storeManagers, o.neighbourManager]) expect(await works(m.session.accessToken)).toBe(true);
    // The operator who impersonated keeps their own session.
    expect(await works(op.accessToken)).toBe(true);
  });

  it('a deleted HQ ends its HQ managers’ tokens', async () => {
    const o = await organizationSignedIn();
    h.organization.removeHq(o.hq.id);
    await h.publish('organization.hq.deleted', { hqId: o.hq.id, deletedAt: h.clock.now().toISOString(), storeIds: [o.store.id, o.neighbour.id] }, { occurredAt: h.clock.now() });
    await eventually(async () => expect(await ended(o.hqManager.session.accessToken)).toBe(true));
  });

  it('a token issued after the change (a reactivation the event arrived after) stays valid; one issued before ends', async () => {
    const o = await organizationSignedIn();
    const changedAt = h.clock.now();
    // The store was suspended and reactivated again before identity consumed the suspension.
    h.clock.advance(1000);
    const { account, session: before } = o.storeManagers[0]!;
    const after = await h.signIn(account.email, account.password);
    // Consumed later still: the mark is the change's time, not the consumer's.
    h.clock.advance(1000);
    await h.publish('organization.store.suspended', { storeId: o.store.id, hqId: o.hq.id, reason: 'unpaid' }, { occurredAt: changedAt });
    await eventually(async () => expect(await ended(before.accessToken)).toBe(true));
    expect(await works(after.accessToken)).toBe(true);
  });

  it('an event naming another HQ than the store’s ends nobody’s tokens (tenant scope)', async () => {
    const o = await organizationSignedIn();
    await h.publish('organization.store.suspended', { storeId: o.store.id, hqId: newId(), reason: 'unpaid' }, { occurredAt: h.clock.now() });
    // A marker behind it on the same queue: once it is handled, so is the event before it.
    const marker = await organizationSignedIn();
    await h.publish('organization.store.closed', { storeId: marker.store.id, hqId: marker.hq.id, closedAt: h.clock.now().toISOString() }, { occurredAt: h.clock.now() });
    await eventually(async () => expect(await ended(marker.storeManagers[0]!.session.accessToken)).toBe(true));
    for (const { session } of o.storeManagers) expect(await works(session.accessToken)).toBe(true);
  });
});
