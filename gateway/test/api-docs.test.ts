import { mergeOpenApiDocuments, type OpenApiDocument } from '../src/docs/merge-openapi';
import { clearPrefix, type GatewayUnderTest, json, refusedUrl, startGateway, startUpstream, type TestUpstream } from './helpers';

const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}): OpenApiDocument => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: paths as OpenApiDocument['paths'],
  components: { schemas },
});

const platformError = { type: 'object', properties: { success: { type: 'boolean' } } };

const identityDoc = doc(
  {
    '/api/v1/auth/login': {
      post: {
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthResponse' } } } } },
      },
    },
    '/api/v1/auth/me': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Status' } } } } } } },
    // a path identity documents but the gateway routes elsewhere: left out
    '/api/v1/terms/active': { get: { responses: {} } },
  },
  {
    PlatformError: platformError,
    AuthResponse: { type: 'object', properties: { accessToken: { type: 'string' } } },
    Status: { type: 'string', enum: ['ACTIVE', 'SUSPENDED'] },
  },
);

const legalDoc = doc(
  {
    '/api/v1/terms/active': {
      get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Status' } } } } } },
    },
    '/api/v1/admin/hq/{id}/consents': {
      get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Consents' } } } } } },
    },
  },
  {
    PlatformError: platformError,
    Status: { type: 'string', enum: ['DRAFT', 'SCHEDULED', 'ACTIVE'] },
    Consents: { type: 'array', items: { $ref: '#/components/schemas/Status' } },
  },
);

describe('merging OpenAPI documents', () => {
  const base = doc({ '/v3/api-docs': { get: { responses: {} } } });

  it('unions the paths and shares identical components', () => {
    const merged = mergeOpenApiDocuments(base, [
      { service: 'identity', document: identityDoc },
      { service: 'legal', document: legalDoc },
    ]);
    expect(Object.keys(merged.paths!)).toEqual(
      expect.arrayContaining(['/v3/api-docs', '/api/v1/auth/login', '/api/v1/auth/me', '/api/v1/terms/active', '/api/v1/admin/hq/{id}/consents']),
    );
    expect(merged.components!.schemas!.PlatformError).toEqual(platformError);
    expect(merged.components!.schemas!.Legal_PlatformError).toBeUndefined();
  });

  it('renames a different component with a taken name and rewrites that service’s references', () => {
    const merged = mergeOpenApiDocuments(base, [
      { service: 'identity', document: identityDoc },
      { service: 'legal', document: legalDoc },
    ]);
    const schemas = merged.components!.schemas! as Record<string, unknown>;
    expect(schemas.Status).toEqual({ type: 'string', enum: ['ACTIVE', 'SUSPENDED'] });
    expect(schemas.Legal_Status).toEqual({ type: 'string', enum: ['DRAFT', 'SCHEDULED', 'ACTIVE'] });
    expect(JSON.stringify(merged.paths!['/api/v1/terms/active'])).toContain('#/components/schemas/Legal_Status');
    expect(schemas.Consents).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Legal_Status' } });
    expect(JSON.stringify(merged.paths!['/api/v1/auth/me'])).toContain('#/components/schemas/Status"');
  });

  it('renames a component that only differs through a renamed reference', () => {
    const a = doc({}, { Status: { type: 'string' }, Wrapper: { $ref: '#/components/schemas/Status' } });
    const b = doc({}, { Status: { type: 'integer' }, Wrapper: { $ref: '#/components/schemas/Status' } });
    const merged = mergeOpenApiDocuments(base, [
      { service: 'identity', document: a },
      { service: 'catalog-search', document: b },
    ]);
    const schemas = merged.components!.schemas! as Record<string, unknown>;
    expect(schemas.CatalogSearch_Wrapper).toEqual({ $ref: '#/components/schemas/CatalogSearch_Status' });
    expect(schemas.Wrapper).toEqual({ $ref: '#/components/schemas/Status' });
  });

  it('keeps only the paths includePath accepts', () => {
    const merged = mergeOpenApiDocuments(base, [{ service: 'identity', document: identityDoc }], {
      includePath: (_s, p) => p.startsWith('/api/v1/auth'),
    });
    expect(merged.paths!['/api/v1/terms/active']).toBeUndefined();
  });
});

describe('/v3/api-docs and /swagger-ui/', () => {
  let identity: TestUpstream;
  let legal: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    identity = await startUpstream('identity');
    identity.handlers.set('/openapi.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(identityDoc));
    });
    legal = await startUpstream('legal');
    legal.handlers.set('/openapi.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(legalDoc));
    });
    // organization is down, the others are not configured
    gateway = await startGateway({ identity: identity.url, legal: legal.url, organization: await refusedUrl() });
  });

  afterAll(async () => {
    await gateway.stop();
    await identity.close();
    await legal.close();
    await clearPrefix(gateway.prefix);
  });

  it('merges the documents of the reachable services with the gateway’s own routes', async () => {
    const res = await fetch(`${gateway.url}/v3/api-docs`);
    expect(res.status).toBe(200);
    const merged = await json<OpenApiDocument>(res);
    expect(merged.openapi).toMatch(/^3\./);
    const paths = Object.keys(merged.paths!);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v3/api-docs',
        '/api/v1/uploads/tickets',
        '/api/v1/uploads/files',
        '/api/v1/auth/login',
        '/api/v1/terms/active',
        '/api/v1/admin/hq/{id}/consents',
      ]),
    );
    // identity's copy of /terms/active is not the one published: the gateway routes it to legal
    expect(JSON.stringify(merged.paths!['/api/v1/terms/active'])).toContain('Legal_Status');
    expect(merged.components!.schemas!.AuthResponse).toBeDefined();
    expect(merged.components!.securitySchemes!.apiKeyHeader).toBeDefined();
  });

  it('lists the services that did not answer under x-unavailable-services', async () => {
    const merged = await json(await fetch(`${gateway.url}/v3/api-docs`));
    expect(merged['x-unavailable-services']).toEqual(
      expect.arrayContaining(['organization', 'catalog-search', 'announcement-dispatch', 'playback', 'support', 'sse-fanout']),
    );
    expect(merged['x-unavailable-services']).not.toContain('identity');
    expect(merged['x-unavailable-services']).not.toContain('legal');
  });

  it('serves Swagger UI pointed at /v3/api-docs', async () => {
    const redirect = await fetch(`${gateway.url}/swagger-ui`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/swagger-ui/');
    const page = await fetch(`${gateway.url}/swagger-ui/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const init = await fetch(`${gateway.url}/swagger-ui/swagger-initializer.js`);
    expect(await init.text()).toContain("url: '/v3/api-docs'");
    const bundle = await fetch(`${gateway.url}/swagger-ui/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });
});
