import { ConfigError } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { loadLegalConfig } from '../src/config';
import { startHarness, type Harness } from './harness';

describe('the legal service process', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  it('answers /healthz and, with its database and broker up, /readyz', async () => {
    expect(await h.api('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    // The broker connects in the background after start-up; readiness follows it.
    await eventually(async () => {
      const ready = await h.api('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toEqual({ database: 'ok', broker: 'ok' });
    });
  });

  it('an unmapped path answers 404 NOT_FOUND in the platform envelope', async () => {
    const res = await h.api('GET', '/api/v1/legal/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('serves its OpenAPI document with every route of the service', async () => {
    const res = await h.api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.fromEntries(Object.entries(res.body.paths as Record<string, object>).map(([p, ops]) => [p, Object.keys(ops).sort()]));
    expect(paths).toEqual({
      '/api/v1/admin/terms': ['get', 'post'],
      '/api/v1/admin/terms/{id}': ['delete', 'get'],
      '/api/v1/terms/active': ['get'],
      '/api/v1/admin/privacy-policy': ['get', 'post'],
      '/api/v1/admin/privacy-policy/{id}': ['delete', 'get'],
      '/api/v1/privacy-policy/active': ['get'],
      '/api/v1/legal/terms/agree': ['post'],
      '/api/v1/legal/privacy/agree': ['post'],
      '/api/v1/admin/hq/{id}/consents': ['get'],
    });
    const operationIds = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(operationIds.sort()).toEqual(
      [
        'publishTerms', 'listTermsVersions', 'getTermsVersion', 'cancelScheduledTerms', 'getActiveTerms',
        'publishPrivacyPolicy', 'listPrivacyPolicyVersions', 'getPrivacyPolicyVersion', 'cancelScheduledPrivacyPolicy', 'getActivePrivacyPolicy',
        'agreeToTerms', 'agreeToPrivacyPolicy', 'getHqConsents',
      ].sort(),
    );
    expect(Object.keys(res.body.components.schemas)).toEqual(
      expect.arrayContaining(['LegalDocumentResponse', 'LegalDocumentHistoryResponse', 'LegalDocumentPublishRequest', 'LegalAgreeRequest', 'HqConsentsResponse', 'ConsentRecord']),
    );
  });
});

describe('configuration', () => {
  it('defaults to the local ports, database and peers of docs/conventions.md', () => {
    const config = loadLegalConfig({});
    expect(config).toMatchObject({
      HTTP_PORT: 8082,
      GRPC_PORT: 50052,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/storecast_legal',
      IDENTITY_GRPC_ADDR: '127.0.0.1:50051',
      ORGANIZATION_GRPC_ADDR: '127.0.0.1:50053',
      JWKS_URL: 'http://127.0.0.1:8081/api/v1/auth/jwks',
      GRPC_DEADLINE_MS: 3000,
      OUTBOX_POLL_MS: 1000,
    });
  });

  it('names every bad variable at start-up', () => {
    expect(() => loadLegalConfig({ HTTP_PORT: 'eighty', GRPC_DEADLINE_MS: '5' })).toThrow(ConfigError);
    try {
      loadLegalConfig({ HTTP_PORT: 'eighty', GRPC_DEADLINE_MS: '5' });
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['HTTP_PORT', 'GRPC_DEADLINE_MS']);
    }
  });
});
