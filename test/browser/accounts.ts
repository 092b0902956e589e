// API seeding for the browser tests: the accounts and documents a page test starts from, made
// through the gateway as the real clients would (operator sign-in, legal documents, an HQ with a
// temporary-password manager, a store with a manager email and its setup from the mailed link).
// Every helper returns the tokens and ids the test goes on with.
import { eventually } from '@storecast/service-kit/testing';
import { linkTokenFrom, mailTo } from '../e2e/mail';
import { api, type RunningSystem } from '../e2e/system';

export type Client = ReturnType<typeof api>;

export interface Session {
  accessToken: string;
  refreshToken: string;
  accountId: string;
}

const expectStatus = (what: string, res: { status: number; body: unknown }, ...wanted: number[]): void => {
  if (!wanted.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
};

/** Signs an account in through the API (POST /api/v1/auth/login). */
export const signInByApi = async (client: Client, email: string, password: string): Promise<Session & { passwordMustChange: boolean }> => {
  const res = await client.post('/api/v1/auth/login', { email, password });
  expectStatus(`sign-in of ${email}`, res, 200);
  return res.body;
};

/** The seeded operator's session. */
export const operatorSession = (system: RunningSystem, client: Client = api(system.gatewayUrl)): Promise<Session> =>
  signInByApi(client, system.operator.email, system.operator.password);

export interface LegalDocs {
  termsVersion: string;
  privacyVersion: string;
}

/** Publishes a terms and a privacy-policy version (markdown), effective now. */
export const publishLegalDocs = async (
  client: Client,
  operatorToken: string,
  docs: { terms: string; privacy: string; version?: string },
): Promise<LegalDocs> => {
  const version = docs.version ?? 'v1';
  const terms = await client.post('/api/v1/admin/terms', { version, content: docs.terms }, { token: operatorToken });
  expectStatus('publishing the terms', terms, 200);
  const privacy = await client.post('/api/v1/admin/privacy-policy', { version, content: docs.privacy }, { token: operatorToken });
  expectStatus('publishing the privacy policy', privacy, 200);
  return { termsVersion: terms.body.version, privacyVersion: privacy.body.version };
};

export interface OnboardedHq {
  hqId: string;
  managerAccountId: string;
  manager: { email: string; tempPassword: string; name: string };
}

/** The operator onboards a FRANCHISE HQ whose manager signs in with a temporary password. */
export const onboardHq = async (
  client: Client,
  operatorToken: string,
  hq: { name: string; manager: { email: string; tempPassword: string; name: string } },
): Promise<OnboardedHq> => {
  const res = await client.post(
    '/api/v1/admin/hq',
    { hq: { name: hq.name, plan: 'TRUST', billingAnchorDay: 10, llmMaxPerHour: 3 }, manager: hq.manager },
    { token: operatorToken },
  );
  expectStatus(`onboarding ${hq.name}`, res, 201);
  return { hqId: res.body.hqId, managerAccountId: res.body.managerAccountId, manager: hq.manager };
};

/** Agrees to whatever current documents the session's account has not agreed to yet. */
export const agreeToCurrentDocs = async (client: Client, accessToken: string): Promise<void> => {
  const me = await client.get('/api/v1/auth/me', { token: accessToken });
  expectStatus('reading me', me, 200);
  const due: Array<['terms' | 'privacy', string]> = [];
  if (me.body.termsRequiresAgreement) due.push(['terms', '/api/v1/terms/active']);
  if (me.body.privacyRequiresAgreement) due.push(['privacy', '/api/v1/privacy-policy/active']);
  for (const [kind, activePath] of due) {
    const active = await client.get(activePath);
    expectStatus(`reading the active ${kind}`, active, 200);
    const agree = await client.post(`/api/v1/legal/${kind}/agree`, { version: active.body.version }, { token: accessToken });
    expectStatus(`agreeing to the ${kind}`, agree, 204);
  }
};

/**
 * An HQ whose manager is past both gates (the temporary password changed to `password`, the
 * current documents agreed to): ready to create stores.
 */
export const readyHq = async (
  client: Client,
  operatorToken: string,
  hq: { name: string; manager: { email: string; tempPassword: string; name: string }; password: string },
): Promise<OnboardedHq & { session: Session; password: string }> => {
  const onboarded = await onboardHq(client, operatorToken, hq);
  const first = await signInByApi(client, hq.manager.email, hq.manager.tempPassword);
  const changed = await client.post(
    '/api/v1/auth/change-password',
    { currentPassword: hq.manager.tempPassword, newPassword: hq.password },
    { token: first.accessToken },
  );
  expectStatus(`changing the password of ${hq.manager.email}`, changed, 200);
  await agreeToCurrentDocs(client, changed.body.accessToken);
  return { ...onboarded, session: changed.body, password: hq.password };
};

/** The HQ creates a store with a manager email: the account is made and its setup mail sent. */
export const createStoreWithManager = async (
  client: Client,
  hqToken: string,
  store: { name: string; managerEmail: string; managerName?: string; address?: string },
): Promise<{ storeId: string; managerEmail: string }> => {
  const res = await client.post(
    '/api/v1/hq/stores',
    { name: store.name, address: store.address ?? 'Seoul Jung-gu 1', managerName: store.managerName ?? 'Store Manager', managerEmail: store.managerEmail },
    { token: hqToken },
  );
  expectStatus(`creating the store ${store.name}`, res, 201);
  if (!res.body.managerAccount?.setupEmailSent) throw new Error(`creating the store ${store.name}: no setup email was sent (${JSON.stringify(res.body.managerAccount)})`);
  return { storeId: res.body.store.id, managerEmail: store.managerEmail };
};

/**
 * Completes a store (or HQ) manager's setup from the mailed ACCOUNT_SETUP link through the API,
 * agreeing to the active versions, then signs in with the new password.
 */
export const completeSetupByApi = async (system: RunningSystem, client: Client, email: string, password: string): Promise<Session> => {
  const token = await linkTokenFrom(system.mailDir, email, 'ACCOUNT_SETUP');
  const verify = await client.post('/api/v1/auth/setup/verify', { token });
  expectStatus(`verifying the setup link of ${email}`, verify, 200);
  const complete = await client.post('/api/v1/auth/setup/complete', {
    token,
    newPassword: password,
    termsVersion: verify.body.activeTermsVersion ?? null,
    privacyPolicyVersion: verify.body.activePrivacyPolicyVersion ?? null,
  });
  expectStatus(`completing the setup of ${email}`, complete, 204);
  return signInByApi(client, email, password);
};

/** A store with a manager who completed setup (API only): the store id and the manager's session. */
export const readyStore = async (
  system: RunningSystem,
  client: Client,
  hqToken: string,
  store: { name: string; managerEmail: string; password: string },
): Promise<{ storeId: string; email: string; password: string; session: Session }> => {
  const { storeId } = await createStoreWithManager(client, hqToken, store);
  const session = await completeSetupByApi(system, client, store.managerEmail, store.password);
  return { storeId, email: store.managerEmail, password: store.password, session };
};

/**
 * The link of the newest mail of a template to an address, as the path and query a browser opens
 * on the gateway (identity writes links for APP_BASE_URL, not the test's gateway port).
 */
export const mailedLinkPath = (mailDir: string, to: string, template: string, pathname: string): Promise<string> =>
  eventually(() => {
    const mail = mailTo(mailDir, to).filter((m) => m.template === template).at(-1);
    if (!mail) throw new Error(`no ${template} mail to ${to} yet`);
    const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === pathname && u.searchParams.get('token'));
    if (!link) throw new Error(`the ${template} mail to ${to} has no ${pathname}?token=… link: ${mail.links.join(', ')}`);
    return link.pathname + link.search;
  }, 10_000);
