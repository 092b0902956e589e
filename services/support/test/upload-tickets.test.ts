import { newId, TicketSigner, type UploadPurpose } from '@storecast/service-kit';
import { auditOf, startHarness, type Harness, type Tenant } from './harness';
import { form, png } from './files';

const SECRET = 'support-upload-ticket-secret-0123456789';

/**
 * The four attachment routes accept the gateway's upload tickets (spec 02 § Upload tickets,
 * purposes TICKET_ATTACHMENT_ADMIN / _HQ / _HQ_STORE / _STORE): the gateway forwards POST
 * /api/v1/uploads/files here with X-Upload-Ticket and no bearer token; the ticket's target is the
 * support ticket id, and its claims (account, role, HQ, store) scope the upload exactly as a token would.
 */
describe('ticket attachments with an upload ticket', () => {
  let h: Harness;
  let t: Tenant;
  let signer: TicketSigner;
  const storeManagerId = newId();
  const hqManagerId = newId();

  const storeTicket = (purpose: UploadPurpose, targetId: string, storeId = t.storeId) =>
    signer.issue('upload', { sub: storeManagerId, role: 'STORE_MANAGER', hqId: t.hqId, storeId, purpose, targetId }, 600).ticket;
  const hqTicket = (purpose: UploadPurpose, targetId: string) =>
    signer.issue('upload', { sub: hqManagerId, role: 'HQ_MANAGER', hqId: t.hqId, purpose, targetId }, 600).ticket;
  const attach = (base: string, ticketId: string, uploadTicket: string) =>
    h.api('POST', `${base}/${ticketId}/attachments`, { headers: { 'x-upload-ticket': uploadTicket }, form: form(png(), 'screen.png', 'image/png') });
  const newStoreTicket = async () =>
    (await h.api('POST', '/api/v1/store/tickets', { token: t.storeToken, body: { title: 'Speaker silent', body: 'b', category: 'PLAYBACK' } })).body.id as string;

  beforeAll(async () => {
    h = await startHarness({ UPLOAD_TICKET_SECRET: SECRET });
    t = h.tenant('Tickets');
    signer = new TicketSigner(SECRET, h.clock);
  });
  afterAll(async () => h?.stop());

  it('a store manager attaches a PNG to its own ticket with a TICKET_ATTACHMENT_STORE ticket, audited as that manager', async () => {
    const id = await newStoreTicket();
    const res = await attach('/api/v1/store/tickets', id, storeTicket('TICKET_ATTACHMENT_STORE', id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileName: 'screen.png', contentType: 'image/png', sizeBytes: png().length });
    const audits = await auditOf(h.pool, id);
    expect(audits.at(-1)).toMatchObject({ action: 'STORE_TICKET_ATTACHMENT_ADDED', actor_account_id: storeManagerId, actor_role: 'STORE_MANAGER', store_id: t.storeId });
    const detail = await h.api('GET', `/api/v1/store/tickets/${id}`, { token: t.storeToken });
    expect(detail.body.attachments).toEqual([expect.objectContaining({ attId: res.body.attId })]);
  });

  it('the HQ channels and the operator take their own purposes', async () => {
    const storeOwned = await newStoreTicket();
    expect((await attach('/api/v1/hq/store-tickets', storeOwned, hqTicket('TICKET_ATTACHMENT_HQ_STORE', storeOwned))).status).toBe(201);
    const hqOwned = (await h.api('POST', '/api/v1/hq/tickets', { token: t.hqToken, body: { title: 'Invoice', body: 'b', category: 'BILLING' } })).body.id as string;
    expect((await attach('/api/v1/hq/tickets', hqOwned, hqTicket('TICKET_ATTACHMENT_HQ', hqOwned))).status).toBe(201);
    const operatorTicket = signer.issue('upload', { sub: h.operatorId, role: 'OPERATOR', purpose: 'TICKET_ATTACHMENT_ADMIN', targetId: storeOwned }, 600).ticket;
    const admin = await attach('/api/v1/admin/tickets', storeOwned, operatorTicket);
    expect(admin.status).toBe(201);
    expect(admin.body.visibility).toBe('SHARED');
    expect((await auditOf(h.pool, storeOwned)).at(-1)).toMatchObject({ actor_account_id: h.operatorId, actor_role: 'OPERATOR' });
  });

  it('a ticket for another support ticket, or of another channel\'s purpose, is 401 UPLOAD_TICKET_INVALID', async () => {
    const id = await newStoreTicket();
    const other = await newStoreTicket();
    const refused = [
      await attach('/api/v1/store/tickets', other, storeTicket('TICKET_ATTACHMENT_STORE', id)),
      await attach('/api/v1/hq/store-tickets', id, storeTicket('TICKET_ATTACHMENT_STORE', id)),
      await attach('/api/v1/store/tickets', id, hqTicket('TICKET_ATTACHMENT_HQ_STORE', id)),
      await attach('/api/v1/store/tickets', id, storeTicket('MUSIC_CREATE', id)),
    ];
    expect(refused.map((r) => [r.status, r.body.error.code])).toEqual(refused.map(() => [401, 'UPLOAD_TICKET_INVALID']));
    expect((await h.api('GET', `/api/v1/store/tickets/${id}`, { token: t.storeToken })).body.attachments).toEqual([]);
  });

  it('the ticket\'s store scopes the upload like a token: another store\'s manager gets 404 TICKET_NOT_FOUND', async () => {
    const id = await newStoreTicket();
    const res = await attach('/api/v1/store/tickets', id, storeTicket('TICKET_ATTACHMENT_STORE', id, t.otherStoreId));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('TICKET_NOT_FOUND');
  });
});
