import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { ManualClock, TicketSigner, type UploadPurpose } from '@storecast/service-kit';
import {
  bearer,
  clearPrefix,
  type Echo,
  type GatewayUnderTest,
  json,
  signToken,
  startGateway,
  startUpstream,
  type TestUpstream,
} from './helpers';

const SECRET = 'gateway-upload-ticket-secret-0123456789';
const PUBLIC_BASE_URL = 'https://edge.storecast.test/app/';
const MiB = 1024 * 1024;

const operator = { sub: '0190c6a0-0000-7000-8000-00000000000a', role: 'OPERATOR' as const };
const hqManager = { sub: '0190c6a0-0000-7000-8000-00000000000b', role: 'HQ_MANAGER' as const, hqId: '0190c6a0-0000-7000-8000-0000000000c1' };
const storeManager = {
  sub: '0190c6a0-0000-7000-8000-00000000000c',
  role: 'STORE_MANAGER' as const,
  hqId: hqManager.hqId,
  storeId: '0190c6a0-0000-7000-8000-0000000000d1',
};

interface TicketAnswer {
  ticket: string;
  uploadUrl: string;
  expiresInSeconds: number;
}

/** A multipart body as a browser sends it (one file part and a text field). */
const multipart = (file: Buffer, fields: Record<string, string> = {}) => {
  const boundary = `----storecast${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

describe('upload tickets and ticketed uploads (the gateway\'s /api/v1/uploads/**)', () => {
  let catalog: TestUpstream;
  let support: TestUpstream;
  let dispatch: TestUpstream;
  let gateway: GatewayUnderTest;
  const clock = new ManualClock(new Date());

  const askTicket = (claims: Parameters<typeof signToken>[0], body: unknown, raw?: string) =>
    fetch(`${gateway.url}/api/v1/uploads/tickets`, {
      method: 'POST',
      headers: { ...bearer(signToken(claims)), 'content-type': 'application/json' },
      body: raw ?? JSON.stringify(body),
    });
  const ticketFor = async (claims: Parameters<typeof signToken>[0], purpose: UploadPurpose, targetId?: string) => {
    const res = await askTicket(claims, { purpose, targetId });
    expect(res.status).toBe(200);
    return (await json<TicketAnswer>(res)).ticket;
  };
  const sendFile = (ticket: string | undefined, options: { query?: string; file?: Buffer; fields?: Record<string, string>; headers?: Record<string, string> } = {}) => {
    const { body, contentType } = multipart(options.file ?? Buffer.from('file bytes'), options.fields);
    return fetch(`${gateway.url}/api/v1/uploads/files${options.query ?? ''}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(ticket === undefined ? {} : { 'x-upload-ticket': ticket }), ...options.headers },
      body,
    });
  };

  beforeAll(async () => {
    catalog = await startUpstream('catalog-search');
    support = await startUpstream('support');
    dispatch = await startUpstream('announcement-dispatch');
    gateway = await startGateway(
      { 'catalog-search': catalog.url, support: support.url, 'announcement-dispatch': dispatch.url },
      { UPLOAD_TICKET_SECRET: SECRET, PUBLIC_BASE_URL, RATE_LIMIT_UPLOAD_FILES: '1000', RATE_LIMIT_TICKET_ATTACHMENT: '1000' },
      { clock },
    );
  });
  afterAll(async () => {
    await gateway.stop();
    await catalog.close();
    await support.close();
    await dispatch.close();
    await clearPrefix(gateway.prefix);
  });

  describe('POST /api/v1/uploads/tickets', () => {
    it('issues an operator a MUSIC_CREATE ticket: 200 { ticket, absolute uploadUrl, expiresInSeconds 600 } signed with the caller\'s claims', async () => {
      const res = await askTicket(operator, { purpose: 'MUSIC_CREATE' });
      expect(res.status).toBe(200);
      const body = await json<TicketAnswer>(res);
      expect(body).toEqual({ ticket: expect.any(String), uploadUrl: 'https://edge.storecast.test/app/api/v1/uploads/files', expiresInSeconds: 600 });
      const claims = new TicketSigner(SECRET, clock).verify('upload', body.ticket);
      expect(claims).toMatchObject({ sub: operator.sub, role: 'OPERATOR', purpose: 'MUSIC_CREATE', kind: 'upload', exp: clock.now().getTime() + 600_000 });
      expect(claims.targetId).toBeUndefined();
    });

    it('each role gets exactly its purposes; another purpose is 403 UPLOAD_PURPOSE_FORBIDDEN', async () => {
      const target = randomUUID();
      const allowed: Array<[Parameters<typeof signToken>[0], UploadPurpose, string | undefined]> = [
        [operator, 'MUSIC_REPLACE', target],
        [operator, 'TICKET_ATTACHMENT_ADMIN', target],
        [hqManager, 'TICKET_ATTACHMENT_HQ', target],
        [hqManager, 'TICKET_ATTACHMENT_HQ_STORE', target],
        [storeManager, 'TICKET_ATTACHMENT_STORE', target],
      ];
      for (const [who, purpose, targetId] of allowed) expect((await askTicket(who, { purpose, targetId })).status).toBe(200);
      const forbidden: Array<[Parameters<typeof signToken>[0], UploadPurpose]> = [
        [storeManager, 'MUSIC_CREATE'],
        [storeManager, 'TICKET_ATTACHMENT_HQ'],
        [storeManager, 'COMMERCIAL_CREATE'],
        [hqManager, 'MUSIC_REPLACE'],
        [hqManager, 'TICKET_ATTACHMENT_STORE'],
        [operator, 'COMMERCIAL_CREATE'],
        [operator, 'TICKET_ATTACHMENT_HQ_STORE'],
      ];
      for (const [who, purpose] of forbidden) {
        const res = await askTicket(who, { purpose, targetId: target });
        expect([purpose, res.status]).toEqual([purpose, 403]);
        expect(await json(res)).toMatchObject({ error: { code: 'UPLOAD_PURPOSE_FORBIDDEN' } });
      }
    });

    it('a store manager\'s attachment ticket carries its store, HQ and the support ticket id (lower-cased)', async () => {
      const target = randomUUID();
      const ticket = await ticketFor(storeManager, 'TICKET_ATTACHMENT_STORE', target.toUpperCase());
      expect(new TicketSigner(SECRET, clock).verify('upload', ticket)).toMatchObject({ ...storeManager, purpose: 'TICKET_ATTACHMENT_STORE', targetId: target });
    });

    it('an HQ manager\'s COMMERCIAL_CREATE ticket names no target, COMMERCIAL_REPLACE the commercial song (announcement-dispatch\'s routes)', async () => {
      const create = await ticketFor(hqManager, 'COMMERCIAL_CREATE');
      expect(new TicketSigner(SECRET, clock).verify('upload', create)).toMatchObject({ ...hqManager, purpose: 'COMMERCIAL_CREATE' });
      const songId = randomUUID();
      const replace = await ticketFor(hqManager, 'COMMERCIAL_REPLACE', songId);
      expect(new TicketSigner(SECRET, clock).verify('upload', replace)).toMatchObject({ purpose: 'COMMERCIAL_REPLACE', targetId: songId });
      expect((await askTicket(hqManager, { purpose: 'COMMERCIAL_REPLACE' })).status).toBe(400);
      expect((await askTicket(hqManager, { purpose: 'COMMERCIAL_CREATE', targetId: songId })).status).toBe(400);
    });

    it.each([
      ['an unknown purpose', { purpose: 'AVATAR' }, 'purpose'],
      ['no purpose', {}, 'purpose'],
      ['MUSIC_REPLACE without targetId', { purpose: 'MUSIC_REPLACE' }, 'targetId'],
      ['a targetId that is not a UUID', { purpose: 'MUSIC_REPLACE', targetId: '../../admin' }, 'targetId'],
      ['MUSIC_CREATE with a targetId', { purpose: 'MUSIC_CREATE', targetId: '0190c6a0-0000-7000-8000-0000000000ee' }, 'targetId'],
      ['a NUL byte in the purpose', { purpose: 'MUSIC_CREATE\u0000' }, 'purpose'],
    ])('%s answers 400 VALIDATION_FAILED naming the field', async (_name, body, field) => {
      const res = await askTicket(operator, body);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field })] } });
    });

    it('a body that is not JSON answers 400 VALIDATION_FAILED; one over 16 KB 413', async () => {
      expect((await askTicket(operator, undefined, 'purpose=MUSIC_CREATE')).status).toBe(400);
      expect((await askTicket(operator, undefined, JSON.stringify({ purpose: 'MUSIC_CREATE', pad: 'x'.repeat(20_000) }))).status).toBe(413);
    });

    it('needs a session: no token 401, and the forced password change gate applies', async () => {
      const anonymous = await fetch(`${gateway.url}/api/v1/uploads/tickets`, { method: 'POST', body: '{"purpose":"MUSIC_CREATE"}' });
      expect(anonymous.status).toBe(401);
      const mustChange = await askTicket({ ...operator, passwordMustChange: true }, { purpose: 'MUSIC_CREATE' });
      expect(mustChange.status).toBe(403);
      expect(await json(mustChange)).toMatchObject({ error: { code: 'PASSWORD_CHANGE_REQUIRED' } });
    });

    it('an impersonated HQ session gets a ticket that names the operator (for the audit trail)', async () => {
      const ticket = await ticketFor({ ...hqManager, impersonatedBy: operator.sub }, 'TICKET_ATTACHMENT_HQ', randomUUID());
      expect(new TicketSigner(SECRET, clock).verify('upload', ticket).impersonatedBy).toBe(operator.sub);
    });
  });

  describe('POST /api/v1/uploads/files', () => {
    it('forwards a MUSIC_CREATE upload unbuffered to POST /api/v1/admin/music with the query, the body bytes and the ticket, never a bearer token', async () => {
      const ticket = await ticketFor(operator, 'MUSIC_CREATE');
      const file = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
      const { body, contentType } = multipart(file, { note: 'x' });
      const res = await fetch(`${gateway.url}/api/v1/uploads/files?title=Morning%20Coffee&durationSeconds=182&musicSource=AI`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-upload-ticket': ticket, ...bearer(signToken(operator)) },
        body,
      });
      expect(res.status).toBe(200);
      const echo = await json<Echo>(res);
      expect(echo).toMatchObject({ service: 'catalog-search', method: 'POST', url: '/api/v1/admin/music?title=Morning%20Coffee&durationSeconds=182&musicSource=AI' });
      expect(echo.headers['x-upload-ticket']).toBe(ticket);
      expect(echo.headers.authorization).toBeUndefined();
      expect(echo.headers['content-type']).toBe(contentType);
      expect(echo.bodyLength).toBe(body.length);
      const received = catalog.received.at(-1)!;
      expect(received.bodyLength).toBe(body.length);
    });

    it('the target\'s answer is the answer: status, headers and body unchanged (MUSIC_REPLACE → PUT …/music/{id}/file)', async () => {
      const musicId = randomUUID();
      catalog.handlers.set(`/api/v1/admin/music/${musicId}/file`, (req, res, body) => {
        res.writeHead(req.method === 'PUT' ? 200 : 500, { 'content-type': 'application/json', 'x-target': 'replaceMusicFile' });
        res.end(JSON.stringify({ id: musicId, received: body.length }));
      });
      const ticket = await ticketFor(operator, 'MUSIC_REPLACE', musicId);
      const file = Buffer.alloc(300_000, 7);
      const res = await sendFile(ticket, { file, query: '?title=New' });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-target')).toBe('replaceMusicFile');
      expect(await json(res)).toEqual({ id: musicId, received: expect.any(Number) });
      expect(catalog.received.at(-1)).toMatchObject({ method: 'PUT', url: `/api/v1/admin/music/${musicId}/file?title=New` });
    });

    it('an error of the target passes through as is (e.g. 400 MUSIC_INVALID_FIELD)', async () => {
      catalog.handlers.set('/api/v1/admin/music', (_req, res) => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: { code: 'MUSIC_INVALID_FIELD', message: 'title is missing' } }));
      });
      try {
        const res = await sendFile(await ticketFor(operator, 'MUSIC_CREATE'));
        expect(res.status).toBe(400);
        expect(await json(res)).toEqual({ success: false, error: { code: 'MUSIC_INVALID_FIELD', message: 'title is missing' } });
      } finally {
        catalog.handlers.delete('/api/v1/admin/music');
      }
    });

    it('sends COMMERCIAL_CREATE to POST /api/v1/hq/commercials and COMMERCIAL_REPLACE to PUT /api/v1/hq/commercials/{id}/file (announcement-dispatch)', async () => {
      const created = await sendFile(await ticketFor(hqManager, 'COMMERCIAL_CREATE'), { query: '?title=Sale&durationSeconds=30' });
      expect(created.status).toBe(200);
      expect(await json<Echo>(created)).toMatchObject({ service: 'announcement-dispatch', method: 'POST', url: '/api/v1/hq/commercials?title=Sale&durationSeconds=30' });
      const songId = randomUUID();
      const replaced = await sendFile(await ticketFor(hqManager, 'COMMERCIAL_REPLACE', songId), { query: '?durationSeconds=31' });
      expect(await json<Echo>(replaced)).toMatchObject({ service: 'announcement-dispatch', method: 'PUT', url: `/api/v1/hq/commercials/${songId}/file?durationSeconds=31` });
    });

    it('sends each attachment purpose to its support channel for the ticket id', async () => {
      const target = randomUUID();
      const cases: Array<[Parameters<typeof signToken>[0], UploadPurpose, string]> = [
        [operator, 'TICKET_ATTACHMENT_ADMIN', `/api/v1/admin/tickets/${target}/attachments`],
        [hqManager, 'TICKET_ATTACHMENT_HQ', `/api/v1/hq/tickets/${target}/attachments`],
        [hqManager, 'TICKET_ATTACHMENT_HQ_STORE', `/api/v1/hq/store-tickets/${target}/attachments`],
        [storeManager, 'TICKET_ATTACHMENT_STORE', `/api/v1/store/tickets/${target}/attachments`],
      ];
      for (const [who, purpose, path] of cases) {
        const res = await sendFile(await ticketFor(who, purpose, target), { fields: { commentId: target } });
        expect(res.status).toBe(200);
        expect(await json<Echo>(res)).toMatchObject({ service: 'support', method: 'POST', url: path });
      }
    });

    it.each([
      ['no ticket', undefined],
      ['garbage', 'not-a-ticket'],
      ['a ticket signed with another secret', new TicketSigner('another-secret-of-at-least-32-characters!').issue('upload', { sub: operator.sub, role: 'OPERATOR', purpose: 'MUSIC_CREATE' }, 600).ticket],
      ['a stream ticket under the same secret', new TicketSigner(SECRET).issue('stream', { sub: storeManager.sub, role: 'STORE_MANAGER', purpose: 'MUSIC_CREATE' }, 600).ticket],
      ['a ticket of a purpose the role may not use', new TicketSigner(SECRET).issue('upload', { sub: storeManager.sub, role: 'STORE_MANAGER', purpose: 'MUSIC_CREATE' }, 600).ticket],
      ['a replace ticket without a target', new TicketSigner(SECRET).issue('upload', { sub: operator.sub, role: 'OPERATOR', purpose: 'MUSIC_REPLACE' }, 600).ticket],
    ])('%s answers 401 UPLOAD_TICKET_INVALID and nothing reaches a service', async (_name, ticket) => {
      const before = catalog.received.length + support.received.length;
      const res = await sendFile(ticket);
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ error: { code: 'UPLOAD_TICKET_INVALID' } });
      expect(catalog.received.length + support.received.length).toBe(before);
    });

    it('a ticket expires after its 10 minutes: 401 UPLOAD_TICKET_INVALID', async () => {
      const ticket = await ticketFor(operator, 'MUSIC_CREATE');
      clock.advance(599_000);
      expect((await sendFile(ticket)).status).toBe(200);
      clock.advance(1_000);
      const res = await sendFile(ticket);
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ error: { code: 'UPLOAD_TICKET_INVALID' } });
      clock.set(new Date());
    });

    it('answers 413 PAYLOAD_TOO_LARGE over the limit by Content-Length: 21 MiB for music, 11 MiB for attachments, before reading the body', async () => {
      const before = catalog.received.length + support.received.length;
      const music = await ticketFor(operator, 'MUSIC_CREATE');
      const attachment = await ticketFor(storeManager, 'TICKET_ATTACHMENT_STORE', randomUUID());
      const status = (ticket: string, length: number) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(
            { host: '127.0.0.1', port: gateway.port, path: '/api/v1/uploads/files', method: 'POST', headers: { 'x-upload-ticket': ticket, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length) } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(); // the body is never sent: the answer comes from the declared length
        });
      expect(await status(music, 22 * MiB)).toBe(413);
      expect(await status(attachment, 12 * MiB)).toBe(413);
      expect(catalog.received.length + support.received.length).toBe(before);
    });

    it('a chunked attachment body over 11 MiB is cut with 413 while it streams', async () => {
      const ticket = await ticketFor(storeManager, 'TICKET_ATTACHMENT_STORE', randomUUID());
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: gateway.port, path: '/api/v1/uploads/files', method: 'POST', headers: { 'x-upload-ticket': ticket, 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' } },
          (r) => {
            let body = '';
            r.on('data', (c: Buffer) => (body += c.toString()));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
        const chunk = Buffer.alloc(256 * 1024, 1);
        let sent = 0;
        const write = () => {
          while (sent < 48) {
            sent++;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    });

    it('only POST is an upload; OPTIONS (preflight) answers 204', async () => {
      expect((await fetch(`${gateway.url}/api/v1/uploads/files`, { method: 'PUT', headers: { 'x-upload-ticket': 'x' } })).status).toBe(404);
      expect((await fetch(`${gateway.url}/api/v1/uploads/files`, { method: 'OPTIONS' })).status).toBe(204);
    });
  });
});

describe('upload rate limits', () => {
  let catalog: TestUpstream;
  let support: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    catalog = await startUpstream('catalog-search');
    support = await startUpstream('support');
    gateway = await startGateway(
      { 'catalog-search': catalog.url, support: support.url },
      { UPLOAD_TICKET_SECRET: SECRET, RATE_LIMIT_UPLOAD_FILES: '4', RATE_LIMIT_TICKET_ATTACHMENT: '2' },
    );
  });
  afterAll(async () => {
    await gateway.stop();
    await catalog.close();
    await support.close();
    await clearPrefix(gateway.prefix);
  });

  const issue = async (claims: Parameters<typeof signToken>[0], purpose: UploadPurpose, targetId?: string) =>
    (await json<TicketAnswer>(await fetch(`${gateway.url}/api/v1/uploads/tickets`, {
      method: 'POST',
      headers: { ...bearer(signToken(claims)), 'content-type': 'application/json' },
      body: JSON.stringify({ purpose, targetId }),
    }))).ticket;
  const send = (ticket: string) => fetch(`${gateway.url}/api/v1/uploads/files`, { method: 'POST', headers: { 'x-upload-ticket': ticket, 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' });

  it('attachment uploads count against TICKET_ATTACHMENT per account (shared with the direct route), files against UPLOAD_FILES per IP', async () => {
    const target = randomUUID();
    const mine = await issue(storeManager, 'TICKET_ATTACHMENT_STORE', target);
    // One direct upload of the same account uses one of its two.
    const direct = await fetch(`${gateway.url}/api/v1/store/tickets/${target}/attachments`, { method: 'POST', headers: bearer(signToken(storeManager)), body: 'x' });
    expect(direct.status).toBe(200);
    expect((await send(mine)).status).toBe(200);
    const limited = await send(mine);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await json(limited)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another account is not limited by it: music is not an attachment.
    expect((await send(await issue(operator, 'MUSIC_CREATE'))).status).toBe(200);
    // Four files calls from this IP so far (a 429 and a 401 count too): the fifth is over UPLOAD_FILES, whatever the ticket.
    expect((await send('invalid')).status).toBe(401);
    const perIp = await send(await issue(operator, 'MUSIC_CREATE'));
    expect(perIp.status).toBe(429);
  });
});

describe('uploads without UPLOAD_TICKET_SECRET', () => {
  let gateway: GatewayUnderTest;
  beforeAll(async () => {
    gateway = await startGateway({});
  });
  afterAll(async () => {
    await gateway.stop();
    await clearPrefix(gateway.prefix);
  });

  it('both endpoints answer 503 UPLOAD_NOT_CONFIGURED (after the session check on tickets)', async () => {
    const tickets = await fetch(`${gateway.url}/api/v1/uploads/tickets`, { method: 'POST', headers: bearer(signToken(operator)), body: '{"purpose":"MUSIC_CREATE"}' });
    expect(tickets.status).toBe(503);
    expect(await json(tickets)).toMatchObject({ error: { code: 'UPLOAD_NOT_CONFIGURED' } });
    const files = await fetch(`${gateway.url}/api/v1/uploads/files`, { method: 'POST', headers: { 'x-upload-ticket': 'anything' }, body: 'x' });
    expect(files.status).toBe(503);
    expect(await json(files)).toMatchObject({ error: { code: 'UPLOAD_NOT_CONFIGURED' } });
    expect((await fetch(`${gateway.url}/api/v1/uploads/tickets`, { method: 'POST' })).status).toBe(401);
  });
});
