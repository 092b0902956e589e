import pino from 'pino';
import { z } from 'zod';
import jwt from 'jsonwebtoken';
import {
  createHttpApp,
  JWT_AUDIENCE,
  JWT_ISSUER,
  listen,
  ManualClock,
  ServiceApi,
  TicketSigner,
  TokenVerifier,
  uploadTicketEnv,
  uploadTicketSigner,
  type RunningHttpServer,
} from '../src';
import { apiClient, createTestKeys } from '../src/testing';

const logger = pino({ level: 'silent' });
const keys = createTestKeys();
const SECRET = 'upload-ticket-secret-of-at-least-32-chars';
const OPERATOR_ID = '0190c6a0-0000-7000-8000-000000000001';
const MUSIC_ID = '0190c6a0-0000-7000-8000-0000000000aa';
const OTHER_MUSIC_ID = '0190c6a0-0000-7000-8000-0000000000bb';
const bearer = (role: string) =>
  jwt.sign({ role, passwordMustChange: false }, keys.privateKeyPem, { algorithm: 'RS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: OPERATOR_ID, expiresIn: 60 });

const Who = z.object({ accountId: z.string(), role: z.string(), storeId: z.string().optional(), impersonatedBy: z.string().optional(), via: z.string() });

const build = (signer: TicketSigner | undefined) => {
  const api = new ServiceApi({ title: 'uploads', verifier: new TokenVerifier({ publicKeyPem: keys.publicKeyPem }), uploadTickets: signer });
  const router = api.router();
  const who = ({ principal }: { principal: { accountId: string; role: string; storeId?: string; impersonatedBy?: string; uploadTicket?: { purpose: string } } }) => ({
    accountId: principal.accountId,
    role: principal.role,
    storeId: principal.storeId,
    impersonatedBy: principal.impersonatedBy,
    via: principal.uploadTicket ? `ticket:${principal.uploadTicket.purpose}` : 'bearer',
  });
  api.define(router, {
    method: 'post', path: '/api/v1/admin/songs', operationId: 'createSong', summary: 'Create', tags: ['Songs'],
    auth: { roles: ['OPERATOR'], uploadPurposes: ['MUSIC_CREATE'] },
    response: { status: 201, description: 'Created', schema: Who },
    handler: who,
  });
  api.define(router, {
    method: 'put', path: '/api/v1/admin/songs/{songId}/file', operationId: 'replaceSong', summary: 'Replace', tags: ['Songs'],
    auth: { roles: ['OPERATOR'], uploadPurposes: ['MUSIC_REPLACE'] },
    response: { status: 200, description: 'Replaced', schema: Who },
    handler: who,
  });
  api.define(router, {
    method: 'get', path: '/api/v1/admin/songs/{songId}', operationId: 'getSong', summary: 'Read (no tickets)', tags: ['Songs'],
    auth: { roles: ['OPERATOR'] },
    response: { status: 200, description: 'The song', schema: Who },
    handler: who,
  });
  return { api, router };
};

describe('routes accepting upload tickets instead of a bearer token (auth.uploadPurposes)', () => {
  const clock = new ManualClock(new Date('2026-11-23T00:00:00.000Z'));
  const signer = new TicketSigner(SECRET, clock);
  const operatorTicket = (claims: { purpose?: string; targetId?: string; role?: string; impersonatedBy?: string }, ttl = 600) =>
    signer.issue('upload', { sub: OPERATOR_ID, role: claims.role ?? 'OPERATOR', purpose: claims.purpose, targetId: claims.targetId, impersonatedBy: claims.impersonatedBy }, ttl).ticket;
  const withTicket = (ticket: string) => ({ headers: { 'x-upload-ticket': ticket } });
  let server: RunningHttpServer;
  let api: ServiceApi;
  let call: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const built = build(signer);
    api = built.api;
    server = await listen(createHttpApp({ logger, production: false, routers: [built.router], openApiDocument: api.openApiDocument }), 0, '127.0.0.1');
    call = apiClient(server.url, api);
  });
  afterAll(() => server.close());

  it('a valid ticket of the route\'s purpose is the credential: the principal comes from its claims', async () => {
    const res = await call('POST', '/api/v1/admin/songs', withTicket(operatorTicket({ purpose: 'MUSIC_CREATE', impersonatedBy: undefined })));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ accountId: OPERATOR_ID, role: 'OPERATOR', via: 'ticket:MUSIC_CREATE' });
  });

  it('a replace ticket is accepted on its own target and refused on another one with 401 UPLOAD_TICKET_INVALID', async () => {
    const ticket = operatorTicket({ purpose: 'MUSIC_REPLACE', targetId: MUSIC_ID });
    expect((await call('PUT', `/api/v1/admin/songs/${MUSIC_ID}/file`, withTicket(ticket))).body.via).toBe('ticket:MUSIC_REPLACE');
    expect((await call('PUT', `/api/v1/admin/songs/${MUSIC_ID.toUpperCase()}/file`, withTicket(ticket))).status).toBe(200);
    const other = await call('PUT', `/api/v1/admin/songs/${OTHER_MUSIC_ID}/file`, withTicket(ticket));
    expect(other.status).toBe(401);
    expect(other.body.error.code).toBe('UPLOAD_TICKET_INVALID');
  });

  it('a ticket without a target is refused where the route has one, and a ticket with one where it has none', async () => {
    expect((await call('PUT', `/api/v1/admin/songs/${MUSIC_ID}/file`, withTicket(operatorTicket({ purpose: 'MUSIC_REPLACE' })))).body.error.code).toBe('UPLOAD_TICKET_INVALID');
    expect((await call('POST', '/api/v1/admin/songs', withTicket(operatorTicket({ purpose: 'MUSIC_CREATE', targetId: MUSIC_ID })))).body.error.code).toBe('UPLOAD_TICKET_INVALID');
  });

  it('a ticket of another purpose is refused with 401 UPLOAD_TICKET_INVALID', async () => {
    for (const purpose of ['MUSIC_REPLACE', 'TICKET_ATTACHMENT_ADMIN', undefined]) {
      const res = await call('POST', '/api/v1/admin/songs', withTicket(operatorTicket({ purpose })));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UPLOAD_TICKET_INVALID');
    }
  });

  it('an expired, forged, stream-kind or malformed ticket is refused with 401 UPLOAD_TICKET_INVALID', async () => {
    const expiring = operatorTicket({ purpose: 'MUSIC_CREATE' }, 60);
    clock.advance(60_000);
    const forged = new TicketSigner('another-secret-of-at-least-32-characters', clock).issue('upload', { sub: OPERATOR_ID, role: 'OPERATOR', purpose: 'MUSIC_CREATE' }, 600).ticket;
    const stream = signer.issue('stream', { sub: OPERATOR_ID, role: 'OPERATOR', purpose: 'MUSIC_CREATE' }, 600).ticket;
    for (const ticket of [expiring, forged, stream, 'nonsense', 'a.b', 'x'.repeat(5000)]) {
      const res = await call('POST', '/api/v1/admin/songs', withTicket(ticket));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UPLOAD_TICKET_INVALID');
    }
  });

  it('the role gate still applies to the ticket\'s role (403 FORBIDDEN)', async () => {
    const res = await call('POST', '/api/v1/admin/songs', withTicket(operatorTicket({ purpose: 'MUSIC_CREATE', role: 'STORE_MANAGER' })));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('a bearer token wins over a ticket; routes without upload purposes never read one', async () => {
    const both = await call('POST', '/api/v1/admin/songs', { token: bearer('OPERATOR'), headers: { 'x-upload-ticket': 'junk' } });
    expect(both.body.via).toBe('bearer');
    const ignored = await call('GET', `/api/v1/admin/songs/${MUSIC_ID}`, withTicket(operatorTicket({ purpose: 'MUSIC_REPLACE', targetId: MUSIC_ID })));
    expect(ignored.status).toBe(401);
    expect(ignored.body.error.code).toBe('AUTH_TOKEN_INVALID');
  });

  it('documents the X-Upload-Ticket header, the uploadTicket security scheme and the ticket answers', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const create = doc.paths['/api/v1/admin/songs'].post;
    expect(create.security).toEqual([{ bearerAuth: [] }, { uploadTicket: [] }]);
    expect(create.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'x-upload-ticket', required: false })]);
    expect(create.responses['401'].description).toContain('UPLOAD_TICKET_INVALID');
    expect(create.responses['503'].description).toContain('UPLOAD_NOT_CONFIGURED');
    expect(doc.components.securitySchemes.uploadTicket).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Upload-Ticket' }));
    const read = doc.paths['/api/v1/admin/songs/{songId}'].get;
    expect(read.security).toEqual([{ bearerAuth: [] }]);
    expect(read.responses['401'].description).not.toContain('UPLOAD_TICKET_INVALID');
  });
});

describe('upload ticket configuration', () => {
  it('without a secret a ticket answers 503 UPLOAD_NOT_CONFIGURED; bearer tokens still work', async () => {
    const built = build(uploadTicketSigner({}));
    const server = await listen(createHttpApp({ logger, production: false, routers: [built.router] }), 0, '127.0.0.1');
    try {
      const call = apiClient(server.url, built.api);
      const ticket = new TicketSigner(SECRET).issue('upload', { sub: OPERATOR_ID, role: 'OPERATOR', purpose: 'MUSIC_CREATE' }, 600).ticket;
      const res = await call('POST', '/api/v1/admin/songs', { headers: { 'x-upload-ticket': ticket } });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('UPLOAD_NOT_CONFIGURED');
      expect((await call('POST', '/api/v1/admin/songs', { token: bearer('OPERATOR') })).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('the secret is one optional variable of at least 32 characters', () => {
    const schema = z.object(uploadTicketEnv);
    expect(schema.parse({}).UPLOAD_TICKET_SECRET).toBeUndefined();
    expect(schema.safeParse({ UPLOAD_TICKET_SECRET: 'short' }).success).toBe(false);
    expect(uploadTicketSigner(schema.parse({ UPLOAD_TICKET_SECRET: SECRET }))).toBeInstanceOf(TicketSigner);
  });

  it('a route with several path parameters must name the one its tickets target', () => {
    const api = new ServiceApi({ title: 'x', verifier: new TokenVerifier({ publicKeyPem: keys.publicKeyPem }) });
    const define = (uploadTargetParam?: string) =>
      api.define(api.router(), {
        method: 'post', path: '/api/v1/things/{thingId}/parts/{partId}', operationId: `part${uploadTargetParam ?? ''}`, summary: 's', tags: ['t'],
        auth: { roles: ['OPERATOR'], uploadPurposes: ['MUSIC_REPLACE'], uploadTargetParam },
        response: { status: 204, description: 'ok' },
        handler: () => undefined,
      });
    expect(() => define()).toThrow('uploadTargetParam');
    expect(() => define('nope')).toThrow('no path parameter nope');
    expect(() => define('thingId')).not.toThrow();
  });
});
