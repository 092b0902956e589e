import { newId } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { OPERATOR, startHarness, type Harness } from './support/harness';
import type { AuthResponse } from '../src/http/auth.schemas';

/**
 * Organization deletes soft-deleted stores and HQs for good after 90 days (organization.store.purged,
 * then organization.hq.purged once all its stores are gone); identity then drops the tenant's
 * manager accounts — emails and names — and everything that references them.
 */
describe('when organization deletes a store or an HQ for good, identity drops its managers’ accounts and everything of them', () => {
  let h: Harness;
  let op: AuthResponse;

  beforeAll(async () => {
    h = await startHarness();
    op = await h.signIn(OPERATOR.email, OPERATOR.password);
  });
  afterAll(async () => h?.stop());

  const count = async (sql: string, ids: string[]) => (await h.service.context.pool.query(sql, [ids])).rows[0].n as number;
  /** The rows of these accounts in every table that references them (or names their email). */
  const held = async (accountIds: string[]) => ({
    accounts: await count('select count(*)::int as n from accounts where id = any($1)', accountIds),
    refreshTokens: await count('select count(*)::int as n from refresh_tokens where account_id = any($1)', accountIds),
    linkTokens: await count('select count(*)::int as n from link_tokens where account_id = any($1)', accountIds),
    // Targets: the operator side of an exchange token is the operator's (checked per HQ below).
    exchangeTokens: await count('select count(*)::int as n from exchange_tokens where target_account_id = any($1)', accountIds),
    mailLog: await count('select count(*)::int as n from mail_log where account_id = any($1)', accountIds),
  });
  const exchangeTokensOf = (hqId: string) => count('select count(*)::int as n from exchange_tokens where hq_id = any($1)', [hqId]);
  const nothing = { accounts: 0, refreshTokens: 0, linkTokens: 0, exchangeTokens: 0, mailLog: 0 };
  const gone = (accountIds: string[]) => eventually(async () => expect(await held(accountIds)).toEqual(nothing));

  /**
   * A manager as a real one leaves traces: signed in (refresh token), a setup link resent by an
   * operator, a password reset and an email change asked for (links; mails to the current and the
   * new address).
   */
  const manager = async (role: 'HQ_MANAGER' | 'STORE_MANAGER', hqId: string, storeId?: string) => {
    const account = await h.createAccount({ role, hqId, storeId: storeId ?? null, name: 'Kim Manager' });
    const session = await h.signIn(account.email, account.password);
    expect((await h.http.post(`/api/v1/admin/accounts/${account.id}/resend-setup`, undefined, { token: op.accessToken })).status).toBe(204);
    expect((await h.http.post('/api/v1/auth/password-reset/request', { email: account.email })).status).toBe(204);
    const newEmail = `moved-${newId().slice(-12)}@identity.test`;
    expect((await h.http.post('/api/v1/auth/email-change/request', { newEmail }, { token: session.accessToken })).status).toBe(204);
    return { account, session };
  };

  /**
   * An HQ with two stores: two managers of the first store (one of them withdrawn by an operator,
   * as organization does at the soft delete), one of the second, one HQ manager whom an operator
   * impersonated (one exchange token used, one not), and an operator account that carries the
   * HQ's and the store's ids.
   */
  const organization = async (name: string) => {
    const hq = h.organization.addHq({ name });
    const store = h.organization.addStore(hq.id);
    const otherStore = h.organization.addStore(hq.id);
    const storeManagers = [await manager('STORE_MANAGER', hq.id, store.id), await manager('STORE_MANAGER', hq.id, store.id)];
    const withdrawn = await h.http.delete(`/api/v1/admin/accounts/store-managers/${storeManagers[1]!.account.id}`, { token: op.accessToken });
    expect(withdrawn.body.status).toBe('WITHDRAWN');
    const otherStoreManager = await manager('STORE_MANAGER', hq.id, otherStore.id);
    const hqManager = await manager('HQ_MANAGER', hq.id);
    const issued = await h.http.post(`/api/v1/admin/hq/${hq.id}/impersonate`, undefined, { token: op.accessToken });
    expect((await h.http.post('/api/v1/auth/impersonate-exchange', { exchangeToken: issued.body.exchangeToken })).status).toBe(200);
    expect((await h.http.post(`/api/v1/admin/hq/${hq.id}/impersonate`, undefined, { token: op.accessToken })).status).toBe(200);
    const operatorWithIds = await h.createAccount({ role: 'OPERATOR', hqId: hq.id, storeId: store.id });
    await h.mailSettled();
    return {
      hq,
      store,
      otherStore,
      storeManagers,
      otherStoreManager,
      hqManager,
      operatorWithIds,
      ids: {
        store: storeManagers.map((m) => m.account.id),
        otherStore: [otherStoreManager.account.id],
        hq: [hqManager.account.id],
      },
    };
  };

  const storePurged = (storeId: string, hqId: string, id?: string) => h.publish('organization.store.purged', { storeId, hqId, deletedAt: '2025-12-01T00:00:00.000Z' }, { id });
  const hqPurged = (hqId: string) => h.publish('organization.hq.purged', { hqId, deletedAt: '2025-12-01T00:00:00.000Z' });

  it('a purged store loses its store managers, whatever their status, with their sessions, links and mail log; its HQ’s managers, the other store’s, other HQs’ and operators stay', async () => {
    const o = await organization('Purged store');
    const other = await organization('Other chain');
    const purged = await held(o.ids.store);
    // Everything below exists before, so each deletion is seen.
    expect(purged).toEqual({ accounts: 2, refreshTokens: 1, linkTokens: 6, exchangeTokens: 0, mailLog: 6 });
    const operators = [op.accountId, o.operatorWithIds.id, other.operatorWithIds.id];
    const untouched = [...o.ids.otherStore, ...o.ids.hq, ...other.ids.store, ...other.ids.otherStore, ...other.ids.hq, ...operators];
    const before = await held(untouched);

    await storePurged(o.store.id, o.hq.id);

    await gone(o.ids.store);
    expect(await held(untouched)).toEqual(before);
    // The purged manager's session is over for good; the email signs nobody in.
    const { account, session } = o.storeManagers[0]!;
    const refreshed = await h.http.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.error.code).toBe('AUTH_REFRESH_REVOKED');
    const signIn = await h.http.post('/api/v1/auth/login', { email: account.email, password: account.password });
    expect(signIn.body.error.code).toBe('AUTH_INVALID_CREDENTIALS');
    // The audit trail (the kit's audit_records) outlives the tenant.
    expect(await h.auditActions(o.storeManagers[1]!.account.id)).toContain('STORE_MANAGER_REVOKED');
  });

  it('a purged HQ loses its HQ managers and any manager still carrying it, with their sessions (impersonated ones too), links, mail log and the HQ’s exchange tokens; other HQs and operators stay', async () => {
    const o = await organization('Purged HQ');
    const other = await organization('Other chain');
    const all = [...o.ids.store, ...o.ids.otherStore, ...o.ids.hq];
    expect(await held(o.ids.hq)).toEqual({ accounts: 1, refreshTokens: 2, linkTokens: 3, exchangeTokens: 2, mailLog: 3 });
    expect(await exchangeTokensOf(o.hq.id)).toBe(2);
    const operators = [op.accountId, o.operatorWithIds.id, other.operatorWithIds.id];
    const untouched = [...other.ids.store, ...other.ids.otherStore, ...other.ids.hq, ...operators];
    const before = await held(untouched);

    // As organization sends them: the stores first, then the HQ (here the second store's purge is lost).
    await storePurged(o.store.id, o.hq.id);
    await hqPurged(o.hq.id);

    await gone(all);
    expect(await exchangeTokensOf(o.hq.id)).toBe(0);
    expect(await exchangeTokensOf(other.hq.id)).toBe(2);
    expect(await held(untouched)).toEqual(before);
    // The operator who impersonated keeps their own session.
    expect((await h.http.get('/api/v1/auth/me', { token: op.accessToken })).status).toBe(200);
  });

  it('a store purge naming another HQ than the store’s deletes nobody (tenant scope)', async () => {
    const o = await organization('Wrong HQ');
    const before = await held(o.ids.store);

    await storePurged(o.store.id, newId());
    // A marker behind it on the same queue: once it is handled, so is the event before it.
    const marker = await organization('Marker');
    await storePurged(marker.store.id, marker.hq.id);
    await gone(marker.ids.store);

    expect(await held(o.ids.store)).toEqual(before);
  });

  it('a duplicate delivery of a purge (same message id) is harmless: an account created for the store since then stays', async () => {
    const o = await organization('Twice');
    const id = await storePurged(o.store.id, o.hq.id);
    await gone(o.ids.store);

    // Not a real case (the store is gone in organization), but it shows the redelivery does nothing.
    const later = await manager('STORE_MANAGER', o.hq.id, o.store.id);
    await h.mailSettled();
    const before = await held([later.account.id]);
    await storePurged(o.store.id, o.hq.id, id);
    const marker = await organization('Marker');
    await storePurged(marker.store.id, marker.hq.id);
    await gone(marker.ids.store);

    expect(await held([later.account.id])).toEqual(before);
  });
});
