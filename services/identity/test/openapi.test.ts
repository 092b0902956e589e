import { startHarness, type Harness } from './support/harness';

describe('the service OpenAPI document (/openapi.json, merged by the gateway)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('describes every identity route with its schemas', async () => {
    const res = await h.http.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/auth/login',
      '/api/v1/auth/refresh',
      '/api/v1/auth/logout',
      '/api/v1/auth/change-password',
      '/api/v1/auth/me',
      '/api/v1/auth/jwks',
      '/api/v1/auth/setup/verify',
      '/api/v1/auth/setup/complete',
      '/api/v1/auth/password-reset/request',
      '/api/v1/auth/password-reset/confirm',
      '/api/v1/auth/email-change/request',
      '/api/v1/auth/email-change/confirm',
      '/api/v1/auth/impersonate-exchange',
      '/api/v1/admin/hq/{id}/impersonate',
      '/api/v1/admin/accounts/{accountId}/resend-setup',
      '/api/v1/admin/accounts/hq-managers/{accountId}/suspend',
      '/api/v1/admin/accounts/store-managers/{accountId}/reset-password',
      '/api/v1/admin/operators/{accountId}/reactivate',
      '/api/v1/admin/operators',
      '/api/v1/admin/email-templates/{type}/test-send',
      '/api/v1/api-access/sign-up',
      '/api/v1/admin/api-clients/{clientId}/keys',
      '/api/v1/admin/api-clients/{clientId}/keys/{keyId}/rotate',
      '/api/v1/admin/api-clients/{clientId}/keys/{keyId}',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.body.components.schemas).toHaveProperty('AuthResponse');
    expect(res.body.components.schemas).toHaveProperty('MeResponse');
    expect(res.body.paths['/api/v1/auth/login'].post.responses).toHaveProperty('401');
  });

  it('names every operation once (camelCase verbNoun) and documents id path parameters as UUIDs', async () => {
    const doc = (await h.http.get('/openapi.json')).body;
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string; parameters?: Array<{ in: string; name: string; schema: { format?: string } }> }>>).flatMap((p) => Object.values(p));
    const ids = operations.map((o) => o.operationId);
    expect(ids.every((id) => /^[a-z]+[A-Za-z]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const pathIds = operations.flatMap((o) => (o.parameters ?? []).filter((p) => p.in === 'path' && p.name !== 'type'));
    expect(pathIds.length).toBeGreaterThan(0);
    for (const p of pathIds) expect(p.schema.format).toBe('uuid');
  });

  it('operator paths document the inactive-operator and impersonation answers', async () => {
    const doc = (await h.http.get('/openapi.json')).body;
    const suspend = doc.paths['/api/v1/admin/accounts/hq-managers/{accountId}/suspend'].post;
    expect(suspend.operationId).toBe('suspendHqManager');
    expect(suspend.responses['403'].description).toEqual(expect.stringContaining('PRINCIPAL_SCOPE_MISMATCH'));
    expect(suspend.responses['403'].description).toEqual(expect.stringContaining('IMPERSONATION_FORBIDDEN_ACTION'));
    expect(Object.keys(suspend.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
  });
});
