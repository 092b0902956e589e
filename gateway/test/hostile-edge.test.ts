import http from 'node:http';
import fc from 'fast-check';
import { formatApiKey } from '@storecast/service-kit';
import { arbitraryFor, encodeAny, hostileQuery, hostileString } from '@storecast/service-kit/testing';
import type { ApiKeyVerifier } from '../src/api-keys/api-key-verifier';
import { UploadTicketRequestSchema, UploadTicketResponseSchema } from '../src/uploads/upload-ticket.schemas';
import { SERVICES, type ServiceName } from '../src/routes/route-table';
import { gatewayOpenApiDocument } from '../src/docs/gateway-openapi';
import { clearPrefix, type GatewayUnderTest, otherKeys, signToken, startGateway, startUpstream, type TestUpstream } from './helpers';

// The gateway's own hardening as properties (the services have theirs in their schema sweeps): its
// one JSON route swept from its own schema, and whatever else reaches the edge — any method, paths
// with hostile or malformed percent-encodings, hostile query strings, forged, expired, garbage or
// huge credentials, bodies that are not JSON or nest 10,000 deep — never gets a 5xx, and every
// error the gateway answers itself is in its route's shape (the platform envelope, or spec 01's
// legacy body on the public catalog and search API). Behind it, an echo upstream per service
// that always answers 200, so any 4xx or 5xx seen is the gateway's own.

const VALID_KEY = formatApiKey('ab3de6gh', 'k'.repeat(40));
const verifier: ApiKeyVerifier = { verify: async (key) => (key.key === VALID_KEY ? { clientId: 'client-1', keyId: 'key-1' } : 'unknown') };
const HQ_ID = '0190c6a0-0000-7000-8000-0000000000aa';
const STORE_ID = '0190c6a0-0000-7000-8000-0000000000bb';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request (node:http sends the path as given: no normalisation of `..` or of bad escapes). */
const send = (base: string, method: string, path: string, headers: Record<string, string>, body?: string | Buffer) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The gateway may answer and close before reading a body it refuses (413, 401): not a failure.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? resolve({ status: -1, headers: {}, body: err.code }) : reject(err)));
    if (body !== undefined) req.write(body);
    req.end();
  });

/** The gateway's own error answers: the platform envelope, or spec 01's legacy body. */
const errorShapeProblem = (a: Answer): string | undefined => {
  if (a.status < 400) return undefined;
  // Node's HTTP parser refuses some requests before the gateway sees them (431, malformed request
  // lines): those carry none of the gateway's headers.
  if (a.headers['x-content-type-options'] !== 'nosniff') return undefined;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(a.body) as Record<string, unknown>;
  } catch {
    return `a ${a.status} whose body is not JSON: ${a.body.slice(0, 200)}`;
  }
  const error = parsed.error as { code?: unknown; message?: unknown } | undefined;
  const platform = parsed.success === false && typeof error?.code === 'string' && typeof error.message === 'string';
  const legacy = parsed.statusCode === a.status && typeof parsed.message === 'string';
  return platform || legacy ? undefined : `a ${a.status} in neither error shape: ${a.body.slice(0, 200)}`;
};

describe('the gateway under hostile input', () => {
  const upstreams = {} as Record<ServiceName, TestUpstream>;
  let gateway: GatewayUnderTest;
  const tokens = {
    OPERATOR: signToken({ role: 'OPERATOR' }),
    HQ_MANAGER: signToken({ role: 'HQ_MANAGER', hqId: HQ_ID }),
    STORE_MANAGER: signToken({ role: 'STORE_MANAGER', hqId: HQ_ID, storeId: STORE_ID }),
  };

  beforeAll(async () => {
    for (const s of SERVICES) upstreams[s] = await startUpstream(s);
    gateway = await startGateway(
      Object.fromEntries(SERVICES.map((s) => [s, upstreams[s].url])),
      {
        UPLOAD_TICKET_SECRET: 'u'.repeat(48),
        PUBLIC_BASE_URL: 'https://storecast.example',
        // Limits out of the way, so the requests reach what sits behind them (429 is still a fine answer).
        ...Object.fromEntries(['LOGIN_PER_IP', 'LOGIN_PER_EMAIL', 'SYNTHESIS', 'DISPATCH', 'HQ_CONTROL', 'TICKET_ATTACHMENT', 'STORE_PROVISION', 'BULK_PROVISION', 'UPLOAD_FILES', 'EMAIL_TEMPLATE_TEST', 'API_SIGN_UP', 'ACCOUNT_MAIL'].map((g) => [`RATE_LIMIT_${g}`, '100000'])),
      },
      { apiKeyVerifier: verifier },
    );
  });
  afterAll(async () => {
    await gateway.stop();
    await Promise.all(SERVICES.map((s) => upstreams[s].close()));
    await clearPrefix(gateway.prefix);
  });

  it('issueUploadTicket: bodies generated from its schema, with any role, answer 200 with a ticket or a documented 4xx, never a 5xx', async () => {
    // The codes the operation documents in /v3/api-docs (its error descriptions list them), so the
    // test and the document cannot drift apart.
    const operation = (gatewayOpenApiDocument().paths!['/api/v1/uploads/tickets'] as { post: { responses: Record<string, { description: string }> } }).post;
    const documented: Record<number, string[]> = Object.fromEntries(
      Object.entries(operation.responses).filter(([status]) => Number(status) >= 400).map(([status, r]) => [Number(status), r.description.split(', ')]),
    );
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        arbitraryFor(UploadTicketRequestSchema, { targetId: [HQ_ID, STORE_ID.toUpperCase()] }),
        fc.constantFrom<string | undefined>(undefined, ...Object.values(tokens)),
        async (body, token) => {
          const a = await send(gateway.url, 'POST', '/api/v1/uploads/tickets', { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, JSON.stringify(body));
          seen.set(a.status, (seen.get(a.status) ?? 0) + 1);
          if (a.status === 200) {
            expect(UploadTicketResponseSchema.safeParse(JSON.parse(a.body)).success).toBe(true);
            return;
          }
          const code = (JSON.parse(a.body) as { error?: { code?: string } }).error?.code;
          expect({ status: a.status, code, documented: documented[a.status]?.includes(code ?? '') ?? false }).toEqual({ status: a.status, code, documented: true });
        },
      ),
      { numRuns: 150 },
    );
    // Deep enough: tickets were issued and refused, not only one of the two.
    expect(seen.get(200)).toBeGreaterThan(0);
    expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
  });

  // Path prefixes of every kind of route: platform (each role's area), public catalog and search,
  // uploads, the stream, docs, health, and nothing.
  const prefixes = [
    '/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/me', '/api/v1/admin/music', '/api/v1/admin/hq', '/api/v1/hq/stores',
    '/api/v1/hq/announcements', '/api/v1/store/queue', '/api/v1/store/announcements/stream', '/api/v1/legal/terms', '/api/v1/support/tickets',
    '/api/v1/uploads/tickets', '/api/v1/uploads/files', '/v1/music/cursor', '/v1/music', '/api/music/search/text', '/v3/api-docs', '/healthz', '', '/api', '/api/v1',
  ];
  const segment = fc.oneof(
    fc.constantFrom('%00', '%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF', '..', '.', '', '%2e%2e', '%2F', '%5C', 'x'.repeat(6000), HQ_ID, STORE_ID.toUpperCase(), encodeAny('😀')),
    hostileString.map((s) => encodeAny(s.slice(0, 2000))),
  );
  const path = fc
    .tuple(fc.constantFrom(...prefixes), fc.array(segment, { maxLength: 3 }), fc.option(fc.array(fc.tuple(hostileQuery, hostileQuery), { maxLength: 3 })), fc.constantFrom('', '', '?%', '?a=%ZZ&b=%00'))
    .map(([prefix, segments, query, raw]) => `${prefix}${segments.map((s) => `/${s}`).join('')}${query ? `?${query.map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&')}` : ''}${raw}`)
    .filter((p) => p.startsWith('/'));
  // Header values as a client can send them: tab, visible ASCII and Latin-1 (node refuses the rest).
  const headerText = fc
    .string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09)).map((c) => String.fromCharCode(c)), maxLength: 300 })
    .filter((s) => s.length > 0);
  const authorization = fc.oneof(
    fc.constantFrom(...Object.values(tokens).map((t) => `Bearer ${t}`)),
    fc.constantFrom(
      `Bearer ${signToken({ role: 'HQ_MANAGER', hqId: HQ_ID }, { expiresInSeconds: -60 })}`,
      `Bearer ${signToken({ role: 'OPERATOR' }, { privateKeyPem: otherKeys.privateKeyPem })}`,
      `Bearer ${signToken({ role: 'OPERATOR' }, { issuer: 'someone-else' })}`,
      `Bearer ${VALID_KEY}`,
      'Bearer ',
      'Bearer a.b.c',
      `Bearer ${'a'.repeat(8000)}`,
      'Basic dXNlcjpwYXNz',
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"OPERATOR"}').toString('base64url')}.`,
    ),
    headerText.map((s) => `Bearer ${s}`),
    headerText,
  );
  const headers = fc.record(
    {
      authorization,
      'x-api-key': fc.oneof(fc.constant(VALID_KEY), headerText),
      'x-upload-ticket': headerText,
      'content-type': fc.constantFrom('application/json', 'application/json; charset=latin1', 'multipart/form-data; boundary=', 'multipart/form-data', 'text/plain', 'application/x-www-form-urlencoded'),
      'x-forwarded-for': fc.oneof(fc.constant('10.0.0.1, 198.51.100.7'), headerText),
      'x-request-id': headerText,
      accept: fc.constantFrom('text/event-stream', '*/*', 'application/json'),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.record({ email: hostileString, password: hostileString, purpose: hostileString, targetId: hostileString }).map((v) => JSON.stringify(v)),
    fc.constantFrom('{"email":', '[', '{"a":"\\ud800"}', '{"a":"\\u0000"}', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n', 'null', '"x"'),
  );

  it('whatever reaches the edge answers below 500, and every error the gateway gives itself is in its route\'s shape', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), path, headers, body, async (method, p, h, b) => {
        const a = await send(gateway.url, method, p, h as Record<string, string>, method === 'GET' || method === 'HEAD' ? undefined : b);
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        expect({ status: a.status, body: a.body.slice(0, 300) }).toEqual({ status: a.status < 500 ? a.status : 'below 500', body: a.body.slice(0, 300) });
        if (method !== 'HEAD') expect(errorShapeProblem(a)).toBeUndefined();
      }),
      // EDGE_RUNS=4000 for a longer run; SWEEP_STATS=1 prints the statuses seen.
      { numRuns: Number(process.env.EDGE_RUNS ?? 400) },
    );
    if (process.env.SWEEP_STATS) process.stderr.write(`${JSON.stringify([...statuses].sort())}\n`);
    // The requests get past the edge's checks to the upstreams, and get refused by them too.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(2);
  }, 120_000);
});

