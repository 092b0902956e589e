import fc from 'fast-check';
import pino from 'pino';
import { z } from 'zod';
import { createHttpApp, listen, notFound, ServiceApi, TokenVerifier } from '../src';
import { apiClient, arbitraryFor, createTestKeys, requestsFor, sweepRoute, sweepRoutes } from '../src/testing';
import jwt from 'jsonwebtoken';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src';

const logger = pino({ level: 'silent' });
const keys = createTestKeys();
const hqToken = jwt.sign({ passwordMustChange: false, role: 'HQ_MANAGER', hqId: '0190c6a0-0000-7000-8000-0000000000aa' }, keys.privateKeyPem, {
  algorithm: 'RS256',
  issuer: JWT_ISSUER,
  audience: JWT_AUDIENCE,
  subject: '0190c6a0-0000-7000-8000-000000000001',
  expiresIn: 600,
});
const KNOWN = '0190c6a0-0000-7000-8000-000000000077';

const Note = z.object({ id: z.uuid(), text: z.string(), copies: z.number().int() });
const NoteInput = z.object({
  text: z.string().min(1).max(50),
  copies: z.number().int().min(1),
  tags: z.array(z.enum(['A', 'B'])).max(3).optional(),
  at: z.iso.datetime().optional(),
});

/**
 * A service with the defects the sweep exists to find: an integer the database column cannot hold
 * (int4 past 2^31 − 1) and a text column narrower than the schema (40 < 50), both 500s, and one
 * route that is correct.
 */
const build = (defects: boolean) => {
  const api = new ServiceApi({ title: 'notes', verifier: new TokenVerifier({ publicKeyPem: keys.publicKeyPem }) });
  const router = api.router();
  api.define(router, {
    method: 'post', path: '/api/v1/hq/notes', operationId: 'createNote', summary: 'Create', tags: ['Notes'],
    auth: { roles: ['HQ_MANAGER'] },
    body: NoteInput,
    response: { status: 201, description: 'Created', schema: Note },
    handler: ({ body }) => {
      if (defects && body.copies > 2 ** 31 - 1) throw new Error('integer out of range');
      if (defects && body.text.length > 40) throw new Error('value too long for type character varying(40)');
      return { id: KNOWN, text: body.text, copies: body.copies };
    },
  });
  api.define(router, {
    method: 'get', path: '/api/v1/hq/notes/{noteId}', operationId: 'getNote', summary: 'One', tags: ['Notes'],
    auth: { roles: ['HQ_MANAGER'] },
    query: z.object({ fields: z.string().max(20).optional() }),
    response: { status: 200, description: 'The note', schema: Note },
    errors: { 404: ['NOTE_NOT_FOUND'] },
    handler: ({ params }) => {
      if (params.noteId !== KNOWN) throw notFound('NOTE_NOT_FOUND', 'No such note');
      return { id: KNOWN, text: 'x', copies: 1 };
    },
  });
  return { api, router };
};

const serve = async (defects: boolean) => {
  const { api, router } = build(defects);
  const server = await listen(createHttpApp({ logger, production: true, routers: [router], openApiDocument: api.openApiDocument }), 0, '127.0.0.1');
  return { api, server, call: apiClient(server.url, api) };
};

describe('values generated from a route schema', () => {
  it('mostly have the documented shape: most parse, strings keep their bounds, integers reach past 2^31', () => {
    const samples = fc.sample(arbitraryFor(NoteInput), { numRuns: 2_000, seed: 7 });
    const parsed = samples.map((s) => NoteInput.safeParse(s));
    const valid = parsed.filter((p) => p.success).map((p) => p.data!);
    expect(valid.length / samples.length).toBeGreaterThan(0.6);
    expect(valid.some((v) => v.text.length === 50)).toBe(true);
    expect(valid.some((v) => /[\uac00-\ud7a3]/.test(v.text))).toBe(true);
    expect(valid.some((v) => v.copies > 2 ** 31)).toBe(true);
    expect(valid.some((v) => v.at && v.at.startsWith('0'))).toBe(true);
    // Some carry a wrong type somewhere, which the route must refuse with its 400.
    expect(parsed.some((p) => !p.success)).toBe(true);
  });

  it('fill arrays to their limit with valid items: a wrong value replaces one field of a request, never one per item', () => {
    const Batch = z.object({ logs: z.array(z.object({ id: z.string().max(5), n: z.number().int().nullable() })).max(200) });
    const samples = fc.sample(arbitraryFor(Batch), { numRuns: 1_000, seed: 11 });
    const full = samples.filter((v) => (v as { logs: unknown[] }).logs?.length === 200);
    expect(full.filter((v) => Batch.safeParse(v).success).length).toBeGreaterThan(full.length / 2);
    expect(samples.filter((v) => Batch.safeParse(v).success).length / samples.length).toBeGreaterThan(0.8);
  });

  it('give nullable fields null and known values to fields whose type only their transform knows', () => {
    const Filter = z.object({ note: z.string().nullable(), status: z.unknown().transform(String) });
    const samples = fc.sample(arbitraryFor(Filter, { status: ['OPEN'] }), { numRuns: 500, seed: 5 }) as Array<{ note: unknown; status: unknown }>;
    expect(samples.filter((v) => v.note === null).length).toBeGreaterThan(50);
    expect(samples.filter((v) => v.note !== null && typeof v.note !== 'string').length).toBeLessThan(50);
    expect(samples.filter((v) => v.status === 'OPEN').length).toBeGreaterThan(250);
  });

  it('send date-times with offsets where the schema takes them, up to the instants that leave years 1–9999 UTC', () => {
    const withOffset = fc.sample(arbitraryFor(z.object({ at: z.iso.datetime({ offset: true }) })), { numRuns: 1_000, seed: 2 }).map((v) => (v as { at: string }).at);
    expect(withOffset).toContain('9999-12-31T23:59:59-14:00');
    expect(withOffset.some((at) => typeof at === 'string' && at.endsWith('+05:30'))).toBe(true);
    const utcOnly = fc.sample(arbitraryFor(z.object({ at: z.iso.datetime() })), { numRuns: 1_000, seed: 2 }).map((v) => (v as { at: unknown }).at);
    expect(utcOnly.filter((at) => typeof at === 'string' && /[+-]\d\d:\d\d$/.test(at))).toEqual([]);
    expect(utcOnly).toContain('0000-01-01T00:00:00.000Z');
  });

  it('try the common column widths on a string whose schema states no bound of its own', () => {
    const Named = z.object({ name: z.string().transform((v) => v.trim()).pipe(z.string().max(100)) });
    const lengths = new Set(fc.sample(arbitraryFor(Named), { numRuns: 2_000, seed: 9 }).map((v) => String((v as { name: unknown }).name).length));
    expect([100, 101, 255, 256].every((n) => lengths.has(n))).toBe(true);
  });

  it('put known ids (also in capitals) in path parameters of that name, and never an empty, "." or ".." segment', () => {
    const { api } = build(false);
    const route = api.routes.find((r) => r.operationId === 'getNote')!;
    const paths = fc.sample(requestsFor(route, { noteId: [KNOWN] }), { numRuns: 500, seed: 3 }).map((r) => r.path.split('?')[0]!);
    expect(paths.filter((p) => p === `/api/v1/hq/notes/${KNOWN}`).length).toBeGreaterThan(150);
    // …and now and then in capitals, the same id to a service.
    expect(paths.filter((p) => p === `/api/v1/hq/notes/${KNOWN.toUpperCase()}`).length).toBeGreaterThan(30);
    expect(paths.every((p) => /^\/api\/v1\/hq\/notes\/[^/]+$/.test(p) && !/\/\.\.?$/.test(p))).toBe(true);
  });

  it('carry one of the given values of each header (a credential a route reads from its header)', () => {
    const { api } = build(false);
    const route = api.routes.find((r) => r.operationId === 'getNote')!;
    const sent = fc.sample(requestsFor(route, {}, undefined, { 'x-api-key': ['k1', 'k2'] }), { numRuns: 200, seed: 4 }).map((r) => r.options.headers?.['x-api-key']);
    expect(new Set(sent)).toEqual(new Set(['k1', 'k2']));
  });
});

describe('sweeping a service', () => {
  let defective: Awaited<ReturnType<typeof serve>>;
  let correct: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    defective = await serve(true);
    correct = await serve(false);
  });
  afterAll(async () => {
    await defective?.server.close();
    await correct?.server.close();
  });

  it('passes when every answer is documented and none is a 5xx', async () => {
    await expect(sweepRoutes(correct.api.routes, { call: correct.call, tokens: { HQ_MANAGER: hqToken }, fixtures: { noteId: [KNOWN] }, numRuns: 60 })).resolves.toBeUndefined();
  });

  it('names the route that answered 500 and the request that did it', async () => {
    const route = defective.api.routes.find((r) => r.operationId === 'createNote')!;
    await expect(sweepRoute(route, { call: defective.call, tokens: { HQ_MANAGER: hqToken }, numRuns: 200 })).rejects.toThrow(/answered 500[\s\S]*sent: POST "\/api\/v1\/hq\/notes" body/);
  });

  it('reports every failing route of the service at once', async () => {
    const failure = await sweepRoutes(defective.api.routes, { call: defective.call, tokens: { HQ_MANAGER: hqToken }, numRuns: 200 }).catch((err: Error) => err.message);
    expect(failure).toMatch(/^1 operation\(s\)/);
    expect(failure).toContain('createNote (POST /api/v1/hq/notes)');
    expect(failure).not.toContain('getNote');
  });

  it('sends no token to a role the route does not list', async () => {
    const route = correct.api.routes.find((r) => r.operationId === 'getNote')!;
    // Only an OPERATOR token is known: the route (HQ_MANAGER) is called without one and answers 401, documented.
    await expect(sweepRoute(route, { call: correct.call, tokens: { OPERATOR: hqToken }, numRuns: 10 })).resolves.toBeUndefined();
  });
});
