import { newId, TicketSigner, type UploadPurpose } from '@storecast/service-kit';
import { startHarness, type Harness } from './support/harness';
import { mp3Form, sineMp3 } from './support/mp3';

const SECRET = 'catalog-upload-ticket-secret-0123456789';

/**
 * The music upload routes accept the gateway's upload tickets (spec 02 § Upload tickets): the
 * gateway forwards POST /api/v1/uploads/files here with X-Upload-Ticket and no bearer token; the
 * service checks the ticket itself (it never trusts only the gateway).
 */
describe('music upload and replace with an upload ticket', () => {
  let h: Harness;
  let signer: TicketSigner;
  const operatorId = newId();
  const ticket = (purpose: UploadPurpose, targetId?: string, ttlSeconds = 600) =>
    signer.issue('upload', { sub: operatorId, role: 'OPERATOR', purpose, targetId }, ttlSeconds).ticket;
  const uploadWith = (t: string, query = 'title=Ticketed&durationSeconds=1&musicSource=AI') =>
    h.call('POST', `/api/v1/admin/music?${query}`, { headers: { 'x-upload-ticket': t }, form: mp3Form(sineMp3(), 'ticketed.mp3') });

  beforeAll(async () => {
    h = await startHarness({ UPLOAD_TICKET_SECRET: SECRET });
    signer = new TicketSigner(SECRET, h.clock);
  });
  afterAll(() => h.stop());

  it('a MUSIC_CREATE ticket uploads exactly as the bearer route does, audited as the ticket\'s operator', async () => {
    const res = await uploadWith(ticket('MUSIC_CREATE'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Ticketed', musicSource: 'AI', durationSeconds: 1 });
    const [audit] = (await h.audits('MUSIC_UPLOADED')).filter((a) => a.target_id === res.body.id);
    expect(audit).toMatchObject({ actor_account_id: operatorId, actor_role: 'OPERATOR', detail: { originalFileName: 'ticketed.mp3' } });
  });

  it('the same rules answer through a ticket: a wrong musicSource is 400 MUSIC_INVALID_FIELD', async () => {
    const res = await uploadWith(ticket('MUSIC_CREATE'), 'title=x&durationSeconds=1&musicSource=LICENSED');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MUSIC_INVALID_FIELD');
  });

  it('a MUSIC_REPLACE ticket replaces the file of its own music only', async () => {
    const created = (await uploadWith(ticket('MUSIC_CREATE'))).body;
    const other = (await uploadWith(ticket('MUSIC_CREATE'))).body;
    const replace = ticket('MUSIC_REPLACE', created.id);
    const res = await h.call('PUT', `/api/v1/admin/music/${created.id}/file?title=Renamed`, { headers: { 'x-upload-ticket': replace }, form: mp3Form(sineMp3({ hz: 880 }), 'new.mp3') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, title: 'Renamed' });
    expect((await h.audits('MUSIC_FILE_REPLACED')).filter((a) => a.target_id === created.id)).toEqual([expect.objectContaining({ actor_account_id: operatorId })]);

    const foreign = await h.call('PUT', `/api/v1/admin/music/${other.id}/file`, { headers: { 'x-upload-ticket': replace }, form: mp3Form(sineMp3()) });
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.code).toBe('UPLOAD_TICKET_INVALID');
    expect((await h.call('GET', `/api/v1/admin/music/${other.id}`, { token: h.operator })).body.title).toBe('Ticketed');
  });

  it('a create ticket cannot replace, a replace ticket cannot create, an expired or stream ticket is refused: 401 UPLOAD_TICKET_INVALID', async () => {
    const created = (await uploadWith(ticket('MUSIC_CREATE'))).body;
    const expiring = ticket('MUSIC_CREATE', undefined, 60);
    h.clock.advance(60_000);
    const refused = [
      await h.call('PUT', `/api/v1/admin/music/${created.id}/file`, { headers: { 'x-upload-ticket': ticket('MUSIC_CREATE') }, form: mp3Form(sineMp3()) }),
      await uploadWith(ticket('MUSIC_REPLACE', created.id)),
      await uploadWith(ticket('TICKET_ATTACHMENT_ADMIN')),
      await uploadWith(expiring),
      await uploadWith(signer.issue('stream', { sub: operatorId, role: 'OPERATOR', purpose: 'MUSIC_CREATE' }, 600).ticket),
      await uploadWith(new TicketSigner('a-different-secret-of-32-characters!!', h.clock).issue('upload', { sub: operatorId, role: 'OPERATOR', purpose: 'MUSIC_CREATE' }, 600).ticket),
    ];
    expect(refused.map((r) => [r.status, r.body.error.code])).toEqual(refused.map(() => [401, 'UPLOAD_TICKET_INVALID']));
  });

  it('a ticket issued to an HQ manager is refused by the operator gate (403 FORBIDDEN)', async () => {
    const hqTicket = signer.issue('upload', { sub: newId(), role: 'HQ_MANAGER', hqId: newId(), purpose: 'MUSIC_CREATE' }, 600).ticket;
    const res = await uploadWith(hqTicket);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('documents the ticket header on both routes', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body;
    for (const op of [doc.paths['/api/v1/admin/music'].post, doc.paths['/api/v1/admin/music/{id}/file'].put]) {
      expect(op.security).toContainEqual({ uploadTicket: [] });
      expect(op.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-upload-ticket' }));
    }
  });
});
