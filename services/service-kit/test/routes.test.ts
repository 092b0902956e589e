import pino from 'pino';
import { z } from 'zod';
import { AppError, conflict, createHttpApp, listen, ServiceApi, TokenVerifier, type RunningHttpServer } from '../src';
import { apiClient, createTestKeys, responseDrift } from '../src/testing';
import jwt from 'jsonwebtoken';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src';

const logger = pino({ level: 'silent' });
const keys = createTestKeys();
const sign = (claims: Record<string, unknown>) =>
  jwt.sign({ passwordMustChange: false, ...claims }, keys.privateKeyPem, { algorithm: 'RS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: '0190c6a0-0000-7000-8000-000000000001', expiresIn: 60 });

const Thing = z.object({ id: z.uuid(), name: z.string(), createdAt: z.iso.datetime() });

const build = () => {
  const api = new ServiceApi({ title: 'things', verifier: new TokenVerifier({ publicKeyPem: keys.publicKeyPem }) });
  const router = api.router();
  api.define(router, {
    method: 'get', path: '/api/v1/things/{thingId}', operationId: 'getThing', summary: 'One thing', tags: ['Things'],
    auth: { roles: ['HQ_MANAGER'] },
    response: { status: 200, description: 'The thing', schema: Thing },
    errors: { 404: ['THING_NOT_FOUND'] },
    handler: ({ params }) => ({ id: params.thingId, name: 'lamp', createdAt: '2026-11-23T00:00:00.000Z' }),
  });
  api.define(router, {
    method: 'post', path: '/api/v1/things', operationId: 'createThing', summary: 'Create', tags: ['Things'],
    auth: 'public',
    body: z.object({ name: z.string().min(1).max(10) }),
    response: { status: 201, alsoStatuses: [200], description: 'Created (200 when it already existed)', schema: Thing },
    errors: { 409: ['THING_DUPLICATE'] },
    handler: ({ body, setStatus }) => {
      if (body.name === 'taken') throw conflict('THING_DUPLICATE', 'taken');
      if (body.name === 'again') setStatus(200);
      // Drifts from the schema on purpose when asked to: createdAt is not a date-time.
      return { id: '0190c6a0-0000-7000-8000-000000000002', name: body.name, createdAt: body.name === 'drift' ? 'yesterday' : '2026-11-23T00:00:00.000Z' };
    },
  });
  api.define(router, {
    method: 'delete', path: '/api/v1/things/{thingId}', operationId: 'deleteThing', summary: 'Delete', tags: ['Things'],
    auth: { roles: ['OPERATOR'], forbidImpersonation: true },
    response: { status: 204, description: 'Deleted' },
    handler: () => undefined,
  });
  api.define(router, {
    method: 'get', path: '/api/v1/admin/things', operationId: 'listAdminThings', summary: 'Operator list', tags: ['Things'],
    auth: { roles: ['OPERATOR'] },
    response: { status: 200, description: 'Things', schema: z.array(Thing) },
    handler: () => [],
  });
  return { api, router };
};

describe('routes defined once through ServiceApi', () => {
  let server: RunningHttpServer;
  let api: ServiceApi;
  let call: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const built = build();
    api = built.api;
    server = await listen(createHttpApp({ logger, production: false, routers: [built.router], openApiDocument: api.openApiDocument }), 0, '127.0.0.1');
    call = apiClient(server.url, api);
  });
  afterAll(() => server.close());

  it('registers every route in the OpenAPI document with its operationId, params and error codes', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const get = doc.paths['/api/v1/things/{thingId}'].get;
    expect(get.operationId).toBe('getThing');
    expect(get.parameters).toEqual([expect.objectContaining({ name: 'thingId', in: 'path', schema: expect.objectContaining({ format: 'uuid' }) })]);
    expect(Object.keys(get.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/things'].post.security).toBeUndefined();
    expect(doc.paths['/api/v1/things/{thingId}'].delete.responses['403'].description).toContain('IMPERSONATION_FORBIDDEN_ACTION');
  });

  it('a path id that is not a UUID answers 400 VALIDATION_FAILED naming the field', async () => {
    const res = await call('GET', '/api/v1/things/not-a-uuid', { token: sign({ role: 'HQ_MANAGER' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'thingId' })]);
  });

  it('a path id in capitals reaches the handler lowercased, the one form every service stores', async () => {
    const res = await call('GET', '/api/v1/things/0190C6A0-0000-7000-8000-0000000000AB', { token: sign({ role: 'HQ_MANAGER' }) });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('0190c6a0-0000-7000-8000-0000000000ab');
  });

  it('guards: no token 401, another role 403 FORBIDDEN, forced password change 403, impersonation where forbidden 403', async () => {
    const id = '0190c6a0-0000-7000-8000-00000000000a';
    expect((await call('GET', `/api/v1/things/${id}`)).body.error.code).toBe('AUTH_TOKEN_INVALID');
    expect((await call('GET', `/api/v1/things/${id}`, { token: sign({ role: 'STORE_MANAGER' }) })).body.error.code).toBe('FORBIDDEN');
    expect((await call('GET', `/api/v1/things/${id}`, { token: sign({ role: 'HQ_MANAGER', passwordMustChange: true }) })).body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const impersonated = await call('DELETE', `/api/v1/things/${id}`, { token: sign({ role: 'OPERATOR', impersonatedBy: '0190c6a0-0000-7000-8000-0000000000ff' }) });
    expect(impersonated.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
    // An operator impersonating carries the HQ manager's role: the impersonation gate answers first.
    const asManager = await call('DELETE', `/api/v1/things/${id}`, { token: sign({ role: 'HQ_MANAGER', impersonatedBy: '0190c6a0-0000-7000-8000-0000000000ff' }) });
    expect(asManager.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
    expect((await call('DELETE', `/api/v1/things/${id}`, { token: sign({ role: 'OPERATOR' }) })).status).toBe(204);
    // Every operator-only path refuses an impersonated session with the spec's code, forbidImpersonation or not.
    const onAdmin = await call('GET', '/api/v1/admin/things', { token: sign({ role: 'HQ_MANAGER', impersonatedBy: '0190c6a0-0000-7000-8000-0000000000ff' }) });
    expect(onAdmin.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
    expect((await call('GET', '/api/v1/admin/things', { token: sign({ role: 'HQ_MANAGER' }) })).body.error.code).toBe('FORBIDDEN');
    expect((await call('GET', `/api/v1/things/${id}`, { token: sign({ role: 'HQ_MANAGER' }) })).body.name).toBe('lamp');
  });

  it('the handler result is sent with the documented status; a body failing its schema is 400', async () => {
    expect((await call('POST', '/api/v1/things', { body: { name: 'desk' } })).status).toBe(201);
    expect((await call('POST', '/api/v1/things', { body: { name: '' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/things', { body: { name: 'again' } })).status).toBe(200);
    expect((await call('POST', '/api/v1/things', { body: { name: 'taken' } })).body.error.code).toBe('THING_DUPLICATE');
  });

  it('a NUL character, a lone surrogate or absurd nesting anywhere in the input answers 400 with the field, never reaching a handler', async () => {
    const nul = await call('POST', '/api/v1/things', { body: { name: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'name', code: 'INVALID_STRING' }] });
    const surrogate = await call.unchecked('POST', '/api/v1/things', { raw: { contentType: 'application/json', data: '{"name":"\\ud800x"}' } });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.details[0].message).toMatch(/surrogate/);
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const nested = await call('POST', '/api/v1/things', { body: { name: 'ok', extra: deep } });
    expect(nested.status).toBe(400);
    const inQuery = await call('GET', '/api/v1/things/0190c6a0-0000-7000-8000-00000000000a?q=a%00b', { token: sign({ role: 'HQ_MANAGER' }) });
    expect(inQuery.body.error.details[0].field).toBe('q');
  });

  it('the test client fails a call whose answer drifts from the documented schema', async () => {
    await expect(call('POST', '/api/v1/things', { body: { name: 'drift' } })).rejects.toThrow(/createThing.*does not match its schema/);
  });

  it('the drift check refuses undocumented statuses and undefined routes', () => {
    expect(responseDrift(api.routes, 'GET', '/api/v1/things/x', 409, 'application/json', { success: false, error: { code: 'X', message: 'x' } })).toMatch(/does not list/);
    expect(responseDrift(api.routes, 'PUT', '/api/v1/things/x', 200, 'application/json', {})).toMatch(/not a defined route/);
    expect(responseDrift(api.routes, 'PUT', '/api/v1/elsewhere', 404, 'application/json', { success: false, error: { code: 'NOT_FOUND', message: 'x' } })).toBeUndefined();
  });

  it('the drift check refuses a code the route does not document for that status', () => {
    const error = (code: string) => ({ success: false, error: { code, message: 'x' } });
    expect(responseDrift(api.routes, 'GET', '/api/v1/things/x', 404, 'application/json', error('THING_NOT_FOUND'))).toBeUndefined();
    expect(responseDrift(api.routes, 'GET', '/api/v1/things/x', 404, 'application/json', error('STORE_NOT_FOUND'))).toMatch(/code STORE_NOT_FOUND, which its documentation does not list for 404 \(THING_NOT_FOUND\)/);
    expect(responseDrift(api.routes, 'GET', '/api/v1/things/x', 401, 'application/json', error('AUTH_TOKEN_EXPIRED'))).toBeUndefined();
    // A documented entry may explain itself after its code.
    const explained = [{ ...api.routes[0]!, errorCodes: { 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] }, errorStatuses: [503] }];
    expect(responseDrift(explained, 'GET', '/api/v1/things/x', 503, 'application/json', error('SERVICE_UNAVAILABLE'))).toBeUndefined();
  });

  it('an operationId may be defined only once', () => {
    const { api: twice, router } = build();
    expect(() =>
      twice.define(router, { method: 'get', path: '/x', operationId: 'getThing', summary: 's', tags: [], auth: 'public', response: { status: 204, description: 'none' }, handler: () => undefined }),
    ).toThrow('defined twice');
  });
});

describe('a route answering spec 01 legacy errors (legacyErrors)', () => {
  let server: RunningHttpServer;
  let api: ServiceApi;
  let call: ReturnType<typeof apiClient>;
  const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

  beforeAll(async () => {
    api = new ServiceApi({ title: 'legacy' });
    const router = api.router();
    api.define(router, {
      method: 'get', path: '/v1/things', operationId: 'listLegacyThings', summary: 'Legacy list', tags: ['Legacy'], auth: 'public',
      query: z.object({ take: z.coerce.number().int().max(100), boom: z.string().optional(), missing: z.string().optional() }),
      legacyErrors: { invalidMessage: (details) => (details.some((d) => d.field === 'take' && d.code === 'TOO_BIG') ? 'Take <= 100' : 'Invalid Parameter Value') },
      response: { status: 200, description: 'Things', schema: z.object({ take: z.number() }) },
      errors: { 404: ['Requested resource was not found.'], 500: ['Unknown error has occurred.'] },
      handler: ({ query }) => {
        if (query.boom) throw new Error('database exploded');
        if (query.missing) throw new AppError(404, 'NOT_FOUND', 'Requested resource was not found.');
        return { take: query.take };
      },
    });
    api.define(router, {
      method: 'get', path: '/api/v1/platform', operationId: 'platformThing', summary: 'Platform', tags: ['Legacy'], auth: 'public',
      query: z.object({ n: z.coerce.number() }),
      response: { status: 200, description: 'ok', schema: z.object({ n: z.number() }) },
      handler: ({ query }) => ({ n: query.n }),
    });
    server = await listen(createHttpApp({ logger, production: true, routers: [router], openApiDocument: api.openApiDocument }), 0, '127.0.0.1');
    call = apiClient(server.url, api);
  });
  afterAll(() => server.close());

  it('renders invalid input with the message the route chooses, other client errors with their own message', async () => {
    expect((await call('GET', '/v1/things?take=101')).body).toEqual(legacy(400, 'Take <= 100'));
    expect((await call('GET', '/v1/things?take=x')).body).toEqual(legacy(400, 'Invalid Parameter Value'));
    expect((await call('GET', '/v1/things?take=1&boom=a%00b')).body).toEqual(legacy(400, 'Invalid Parameter Value'));
    expect((await call('GET', '/v1/things?take=1&missing=1')).body).toEqual(legacy(404, 'Requested resource was not found.'));
    expect((await call('GET', '/v1/things?take=3')).body).toEqual({ take: 3 });
  });

  it('masks a defect as 500 "Unknown error has occurred." while other routes keep the platform envelope', async () => {
    expect((await call('GET', '/v1/things?take=1&boom=1')).body).toEqual(legacy(500, 'Unknown error has occurred.'));
    expect((await call('GET', '/api/v1/platform?n=x')).body.error.code).toBe('VALIDATION_FAILED');
  });

  it('documents the legacy body for its errors and the drift check holds the route to it', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }>> };
    expect(doc.paths['/v1/things']!.get!.responses['400']!.content['application/json']!.schema.$ref).toBe('#/components/schemas/LegacyError');
    expect(doc.paths['/api/v1/platform']!.get!.responses['400']!.content['application/json']!.schema.$ref).toBe('#/components/schemas/PlatformError');
    expect(responseDrift(api.routes, 'GET', '/v1/things', 400, 'application/json', { success: false, error: { code: 'X', message: 'x' } })).toMatch(/does not match the envelope/);
    expect(responseDrift(api.routes, 'GET', '/api/v1/platform', 400, 'application/json', legacy(400, 'x'))).toMatch(/does not match the envelope/);
  });
});
