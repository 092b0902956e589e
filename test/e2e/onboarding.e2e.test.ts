import { api, type RunningSystem, startSystem } from './system';
import { linkTokenFrom } from './mail';

/**
 * Issue 5 "Done means": an operator onboards an HQ with a manager; the manager completes setup
 * from the emailed link, signs in, creates stores (one with a manager email, several by CSV with a
 * bad row), sets ducking and region; the store manager signs in and reads the effective settings.
 * Along the way: the forced password change (issue 2) and the agreement gate (issue 4).
 */
describe('onboarding an HQ and its stores, end to end through the gateway', () => {
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  const hqManager = { email: 'kim.hq@e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Kim HQ' };
  const storeManagerEmail = 'lee.store@e2e.storecast.test';
  let hqId: string;
  let hqToken: string;
  let storeId: string;

  beforeAll(async () => {
    system = await startSystem();
    client = api(system.gatewayUrl);
    const login = await client.post('/api/v1/auth/login', system.operator);
    operatorToken = login.body.accessToken;
    // Legal documents exist, so setup includes the agreement step.
    for (const kind of ['terms', 'privacy-policy']) {
      const res = await client.post(`/api/v1/admin/${kind}`, { version: 'v1', content: `# ${kind} v1` }, { token: operatorToken });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => system?.stop());

  it('the operator onboards an HQ with its manager account', async () => {
    const res = await client.post(
      '/api/v1/admin/hq',
      {
        hq: { name: 'Coffee Chain', businessNumber: '123-45-67890', plan: 'TRUST', billingAnchorDay: 10, llmMaxPerHour: 3 },
        manager: hqManager,
      },
      { token: operatorToken },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ hqId: expect.any(String), managerAccountId: expect.any(String) });
    hqId = res.body.hqId;
    const detail = await client.get(`/api/v1/admin/hq/${hqId}`, { token: operatorToken });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ name: 'Coffee Chain', type: 'FRANCHISE', plan: 'TRUST' });
    expect(detail.body.managers).toEqual([expect.objectContaining({ email: hqManager.email, status: 'ACTIVE' })]);
  });

  it('signing in with the temporary password forces a password change before any HQ path', async () => {
    const login = await client.post('/api/v1/auth/login', { email: hqManager.email, password: hqManager.tempPassword });
    expect(login.status).toBe(200);
    expect(login.body.passwordMustChange).toBe(true);
    const blocked = await client.get('/api/v1/hq/me', { token: login.body.accessToken });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    // `me` is on the allowlist.
    const me = await client.get('/api/v1/auth/me', { token: login.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.passwordMustChange).toBe(true);

    const changed = await client.post(
      '/api/v1/auth/change-password',
      { currentPassword: hqManager.tempPassword, newPassword: 'Changed-pass-456' },
      { token: login.body.accessToken },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.passwordMustChange).toBe(false);
    const allowed = await client.get('/api/v1/hq/me', { token: changed.body.accessToken });
    expect(allowed.status).toBe(200);
    // An HQ manager is not an operator.
    const admin = await client.get('/api/v1/admin/hq', { token: changed.body.accessToken });
    expect(admin.status).toBe(403);
    expect(admin.body.error.code).toBe('FORBIDDEN');
  });

  it('the manager completes setup from the emailed link, agreeing to the current documents, and signs in', async () => {
    const token = await linkTokenFrom(system.mailDir, hqManager.email, 'ACCOUNT_SETUP');
    const verify = await client.post('/api/v1/auth/setup/verify', { token });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ email: hqManager.email, role: 'HQ_MANAGER', activeTermsVersion: 'v1', activePrivacyPolicyVersion: 'v1' });

    const complete = await client.post('/api/v1/auth/setup/complete', {
      token,
      newPassword: 'Setup-pass-789',
      termsVersion: 'v1',
      privacyPolicyVersion: 'v1',
    });
    expect(complete.status).toBe(204);
    // The link is single use.
    const again = await client.post('/api/v1/auth/setup/complete', { token, newPassword: 'Other-pass-000', termsVersion: 'v1', privacyPolicyVersion: 'v1' });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');

    const login = await client.post('/api/v1/auth/login', { email: hqManager.email, password: 'Setup-pass-789' });
    expect(login.status).toBe(200);
    expect(login.body.passwordMustChange).toBe(false);
    hqToken = login.body.accessToken;
    const me = await client.get('/api/v1/auth/me', { token: hqToken });
    expect(me.body).toMatchObject({ role: 'HQ_MANAGER', hqId, hqName: 'Coffee Chain', termsRequiresAgreement: false, privacyRequiresAgreement: false });
  });

  it('a new terms version raises the agreement flag in me, and agreeing clears it', async () => {
    const publish = await client.post('/api/v1/admin/terms', { version: 'v2', content: '# terms v2' }, { token: operatorToken });
    expect(publish.status).toBe(200);
    const before = await client.get('/api/v1/auth/me', { token: hqToken });
    expect(before.body).toMatchObject({ termsRequiresAgreement: true, privacyRequiresAgreement: false });
    const agree = await client.post('/api/v1/legal/terms/agree', { version: 'v2' }, { token: hqToken });
    expect(agree.status).toBe(204);
    const after = await client.get('/api/v1/auth/me', { token: hqToken });
    expect(after.body.termsRequiresAgreement).toBe(false);
  });

  it('the manager creates a store with a manager email: the account is created and the setup mail sent', async () => {
    const res = await client.post(
      '/api/v1/hq/stores',
      { name: 'Gangnam', address: 'Seoul Gangnam-gu 1', managerName: 'Lee', managerEmail: storeManagerEmail },
      { token: hqToken },
    );
    expect(res.status).toBe(201);
    expect(res.body.store).toMatchObject({ name: 'Gangnam', type: 'FRANCHISE', status: 'ACTIVE' });
    expect(res.body.managerAccount).toMatchObject({ email: storeManagerEmail, setupEmailSent: true });
    storeId = res.body.store.id;
    const detail = await client.get(`/api/v1/hq/stores/${storeId}`, { token: hqToken });
    expect(detail.body.storeManager).toMatchObject({ email: storeManagerEmail, status: 'ACTIVE' });
  });

  it('the manager creates stores from a CSV: good rows succeed, the bad row is reported in place', async () => {
    const csv = '\uFEFF매장명,주소,점주명,점주 이메일,점주 연락처\r\nHongdae,Seoul Mapo-gu,,,\r\n,Busan,,,\r\nHaeundae,Busan Haeundae-gu,Park,not-an-email,\r\nSeomyeon,Busan Jin-gu,,,010-1234-5678\r\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'stores.csv');
    const res = await fetch(`${system.gatewayUrl}/api/v1/hq/stores/bulk`, { method: 'POST', headers: { authorization: `Bearer ${hqToken}` }, body: form });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: Array<{ rowNumber: number; status: string }> };
    expect(body).toMatchObject({ totalRows: 4, successCount: 2, failureCount: 2, managerAccountCreatedCount: 0 });
    expect(body.results.map((r: { rowNumber: number; status: string }) => [r.rowNumber, r.status])).toEqual([
      [1, 'SUCCESS'],
      [2, 'FAILED'],
      [3, 'FAILED'],
      [4, 'SUCCESS'],
    ]);
    const list = await client.get('/api/v1/hq/stores?size=100', { token: hqToken });
    expect(list.body.items.map((s: { name: string }) => s.name).sort()).toEqual(['Gangnam', 'Hongdae', 'Seomyeon']);
  });

  it('the manager sets the store ducking override and region', async () => {
    const ducking = await client.patch(`/api/v1/hq/stores/${storeId}/ducking`, { duckEnabled: true, duckVolumePercent: 35, duckFadeMs: null }, { token: hqToken });
    expect(ducking.status).toBe(204);
    const region = await client.patch(`/api/v1/hq/stores/${storeId}/region`, { region: 'SEOUL' }, { token: hqToken });
    expect(region.status).toBe(204);
    const cycle = await client.patch('/api/v1/hq/me', { commercialCycleSongs: 7 }, { token: hqToken });
    expect(cycle.status).toBe(200);
    const detail = await client.get(`/api/v1/hq/stores/${storeId}`, { token: hqToken });
    expect(detail.body).toMatchObject({ region: 'SEOUL', duckVolumePercent: 35, duckFadeMs: null, hqDuckFadeMs: 400 });
  });

  it('the store manager completes setup, signs in and reads the effective settings', async () => {
    const token = await linkTokenFrom(system.mailDir, storeManagerEmail, 'ACCOUNT_SETUP');
    const complete = await client.post('/api/v1/auth/setup/complete', { token, newPassword: 'Store-pass-321', termsVersion: 'v2', privacyPolicyVersion: 'v1' });
    expect(complete.status).toBe(204);
    const login = await client.post('/api/v1/auth/login', { email: storeManagerEmail, password: 'Store-pass-321' });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('STORE_MANAGER');
    const me = await client.get('/api/v1/store/me', { token: login.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      hqCommercialCycleSongs: 7,
      commercialCycleSongs: 7,
      duckEnabled: true,
      duckVolumePercent: 35,
      duckFadeMs: 400,
    });
    // A store manager is not an HQ manager.
    const hq = await client.get('/api/v1/hq/me', { token: login.body.accessToken });
    expect(hq.status).toBe(403);
  });
});
