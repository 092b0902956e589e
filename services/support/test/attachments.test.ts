import { newId } from '@storecast/service-kit';
import { auditOf, startHarness, type Harness, type Tenant } from './harness';
import { form, gif, jpeg, pdf, png, svg, webp, zip } from './files';

describe('attachments: real files checked by signature, 10 MB, 5 per ticket, presigned downloads', () => {
  let h: Harness;
  let t: Tenant;

  beforeAll(async () => {
    h = await startHarness();
    t = h.tenant('Files');
  });
  afterAll(async () => h?.stop());

  const newTicket = async () => (await h.api('POST', '/api/v1/store/tickets', { token: t.storeToken, body: { title: 'With files', body: 'b', category: 'OTHER' } })).body.id as string;
  const upload = (ticketId: string, data: FormData, token = t.storeToken, base = '/api/v1/store/tickets') =>
    h.api('POST', `${base}/${ticketId}/attachments`, { token, form: data });

  it.each([
    ['png', png, 'image/png', 'photo.png'],
    ['jpeg', jpeg, 'image/jpeg', 'photo.jpg'],
    ['gif', gif, 'image/gif', 'anim.gif'],
    ['webp', webp, 'image/webp', 'pic.webp'],
    ['pdf', pdf, 'application/pdf', 'invoice.pdf'],
  ])('a real %s file is accepted (201) with the sniffed type, stored, and downloadable through its presigned URL', async (_n, make, mime, name) => {
    const id = await newTicket();
    const bytes = make();
    const res = await upload(id, form(bytes, name, 'application/octet-stream'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      attId: expect.any(String),
      commentId: null,
      fileName: name,
      contentType: mime,
      sizeBytes: bytes.length,
      createdAt: h.clock.now().toISOString(),
      downloadUrl: expect.stringContaining(h.s3.endpoint),
    });
    const download = await fetch(res.body.downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const detail = await h.api('GET', `/api/v1/store/tickets/${id}`, { token: t.storeToken });
    expect(detail.body.attachments).toEqual([expect.objectContaining({ attId: res.body.attId, fileName: name })]);
    expect((await auditOf(h.pool, id)).map((a) => a.action)).toEqual(['STORE_TICKET_CREATED', 'STORE_TICKET_ATTACHMENT_ADDED']);
  });

  it('the signature decides, not the name or declared type: a PNG named .pdf is stored as image/png', async () => {
    const res = await upload(await newTicket(), form(png(), 'report.pdf', 'application/pdf'));
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe('image/png');
  });

  it.each([
    ['an SVG declared as image/png', svg, 'x.png', 'image/png'],
    ['a ZIP declared as application/pdf', zip, 'x.pdf', 'application/pdf'],
    ['plain text named .jpg', () => Buffer.from('hello, this is not an image'), 'x.jpg', 'image/jpeg'],
  ])('%s answers 400 TICKET_ATTACHMENT_UNSUPPORTED_TYPE and stores nothing', async (_n, make, name, type) => {
    const id = await newTicket();
    const res = await upload(id, form(make(), name, type));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('TICKET_ATTACHMENT_UNSUPPORTED_TYPE');
    const { rows } = await h.pool.query('select count(*)::int as n from ticket_attachments where ticket_id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });

  it('an empty file, a file over 10 MB, a missing file part or a body that is not multipart answer 400 TICKET_ATTACHMENT_INVALID_FIELD', async () => {
    const id = await newTicket();
    const empty = await upload(id, form(Buffer.alloc(0), 'empty.png', 'image/png'));
    expect(empty.body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
    const big = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(id, form(big, 'big.png', 'image/png'));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
    const noFile = new FormData();
    noFile.append('other', 'x');
    expect((await upload(id, noFile)).body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
    const json = await h.api('POST', `/api/v1/store/tickets/${id}/attachments`, { token: t.storeToken, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
    const badComment = await upload(id, form(png(), 'a.png', 'image/png', { commentId: 'nope' }));
    expect(badComment.body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
    const unknownComment = await upload(id, form(png(), 'a.png', 'image/png', { commentId: newId() }));
    expect(unknownComment.body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
  });

  it('a file of exactly 10 MB is accepted', async () => {
    const bytes = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024 - pdf().length)]);
    const res = await upload(await newTicket(), form(bytes, 'exact.pdf', 'application/pdf'));
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(201);
    expect(res.body.sizeBytes).toBe(10 * 1024 * 1024);
  });

  it('the sixth file of a ticket answers 409 TICKET_ATTACHMENT_LIMIT_EXCEEDED, also when five arrive at once', async () => {
    const id = await newTicket();
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => upload(id, form(png(), `p${i}.png`, 'image/png'))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('TICKET_ATTACHMENT_LIMIT_EXCEEDED');
    }
    const { rows } = await h.pool.query('select attachment_count from tickets where id = $1', [id]);
    expect(rows[0].attachment_count).toBe(5);
  });

  it('a store attaches to its own reply; the file names the comment', async () => {
    const id = await newTicket();
    const comment = await h.api('POST', `/api/v1/store/tickets/${id}/comments`, { token: t.storeToken, body: { body: 'See screenshot' } });
    const res = await upload(id, form(png(), 'shot.png', 'image/png', { commentId: comment.body.id }));
    expect(res.status).toBe(201);
    expect(res.body.commentId).toBe(comment.body.id);
  });

  it('foreign or unknown tickets are 404 TICKET_NOT_FOUND; unknown attachments 404 TICKET_ATTACHMENT_NOT_FOUND', async () => {
    const id = await newTicket();
    const foreign = await upload(id, form(png(), 'a.png', 'image/png'), t.otherStoreToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('TICKET_NOT_FOUND');
    const missing = await h.api('GET', `/api/v1/store/tickets/${id}/attachments/${newId()}`, { token: t.storeToken });
    expect(missing.body.error.code).toBe('TICKET_ATTACHMENT_NOT_FOUND');
    const other = await newTicket();
    const file = await upload(other, form(png(), 'a.png', 'image/png'));
    const crossTicket = await h.api('GET', `/api/v1/store/tickets/${id}/attachments/${file.body.attId}`, { token: t.storeToken });
    expect(crossTicket.body.error.code).toBe('TICKET_ATTACHMENT_NOT_FOUND');
  });

  it('HQ channels and operators upload through their own paths', async () => {
    const hqOwn = (await h.api('POST', '/api/v1/hq/tickets', { token: t.hqToken, body: { title: 'HQ file', body: 'b', category: 'OTHER' } })).body.id;
    expect((await upload(hqOwn, form(pdf(), 'a.pdf', 'application/pdf'), t.hqToken, '/api/v1/hq/tickets')).status).toBe(201);
    const storeOwned = await newTicket();
    const viaHq = await upload(storeOwned, form(gif(), 'a.gif', 'image/gif'), t.hqToken, '/api/v1/hq/store-tickets');
    expect(viaHq.status).toBe(201);
    const viaOp = await upload(storeOwned, form(webp(), 'a.webp', 'image/webp'), h.operatorToken, '/api/v1/admin/tickets');
    expect(viaOp.body).toMatchObject({ visibility: 'SHARED', contentType: 'image/webp' });
    const seen = await h.api('GET', `/api/v1/store/tickets/${storeOwned}`, { token: t.storeToken });
    expect(seen.body.attachments).toHaveLength(2);
  });

  it('when object storage is unreachable, an upload answers 503 SERVICE_UNAVAILABLE and records nothing', async () => {
    const id = await newTicket();
    const put = h.service.context.storage.put;
    h.service.context.storage.put = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const res = await upload(id, form(png(), 'a.png', 'image/png'));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      h.service.context.storage.put = put;
    }
    const { rows } = await h.pool.query('select attachment_count from tickets where id = $1', [id]);
    expect(rows[0].attachment_count).toBe(0);
  });
});
