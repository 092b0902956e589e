import { form, pdf, png } from './files';
import { startHarness, type Harness, type Tenant } from './harness';

/**
 * The heart of support: operators' INTERNAL comments, and the files attached to them, never reach
 * an HQ or a store. Every HQ and store answer below is checked on its raw JSON text, so a leak in
 * any field (a body, an id, a file name, a kind or visibility field) fails the test.
 */
describe('visibility: nothing INTERNAL ever reaches an HQ or a store', () => {
  let h: Harness;
  let t: Tenant;
  let ticketId: string;
  let hqTicketId: string;
  const SECRET = 'SECRET-internal-note-7f3a';
  const SECRET_FILE = 'secret-diagnosis-7f3a.pdf';
  let internalCommentId: string;
  let internalAttachmentId: string;
  let sharedAttachmentId: string;

  beforeAll(async () => {
    h = await startHarness();
    t = h.tenant('Visible');
    ticketId = (await h.api('POST', '/api/v1/store/tickets', { token: t.storeToken, body: { title: 'Player crash', body: 'b', category: 'PLAYBACK' } })).body.id;
    hqTicketId = (await h.api('POST', '/api/v1/hq/tickets', { token: t.hqToken, body: { title: 'HQ billing', body: 'b', category: 'BILLING' } })).body.id;
    const op = (id: string, kind: string, body: string) => h.api('POST', `/api/v1/admin/tickets/${id}/comments`, { token: h.operatorToken, body: { kind, body } });
    h.clock.advance(60_000);
    await op(ticketId, 'REPLY', 'We are on it');
    const internal = await op(ticketId, 'INTERNAL', SECRET);
    expect(internal.status).toBe(201);
    expect(internal.body.kind).toBe('INTERNAL');
    internalCommentId = internal.body.id;
    await op(hqTicketId, 'INTERNAL', SECRET);
    const internalFile = await h.api('POST', `/api/v1/admin/tickets/${ticketId}/attachments`, {
      token: h.operatorToken,
      form: form(pdf(), SECRET_FILE, 'application/pdf', { commentId: internalCommentId }),
    });
    expect(internalFile.status).toBe(201);
    expect(internalFile.body.visibility).toBe('INTERNAL');
    internalAttachmentId = internalFile.body.attId;
    const shared = await h.api('POST', `/api/v1/admin/tickets/${ticketId}/attachments`, { token: h.operatorToken, form: form(png(), 'screenshot.png', 'image/png') });
    expect(shared.body.visibility).toBe('SHARED');
    sharedAttachmentId = shared.body.attId;
    await h.api('POST', `/api/v1/admin/tickets/${hqTicketId}/attachments`, {
      token: h.operatorToken,
      form: form(pdf(), SECRET_FILE, 'application/pdf', { commentId: (await op(hqTicketId, 'INTERNAL', 'x')).body.id }),
    });
  });
  afterAll(async () => h?.stop());

  const leaks = (text: string) => [SECRET, SECRET_FILE, internalCommentId, internalAttachmentId, 'INTERNAL', 'visibility', '"kind"'].filter((s) => text.includes(s));

  it('the operator sees both comments and both files, each with its visibility', async () => {
    const res = await h.api('GET', `/api/v1/admin/tickets/${ticketId}`, { token: h.operatorToken });
    expect(res.body.comments.map((c: { kind: string }) => c.kind)).toEqual(['REPLY', 'INTERNAL']);
    expect(res.body.attachments.map((a: { visibility: string; commentId: string | null }) => [a.visibility, a.commentId])).toEqual([
      ['INTERNAL', internalCommentId],
      ['SHARED', null],
    ]);
    expect(res.body.commentCount).toBe(2);
  });

  it('no store answer (list, detail, comment, close, signal, attachment) contains anything INTERNAL', async () => {
    const answers = [
      await h.api('GET', '/api/v1/store/tickets', { token: t.storeToken }),
      await h.api('GET', `/api/v1/store/tickets/${ticketId}`, { token: t.storeToken }),
      await h.api('POST', `/api/v1/store/tickets/${ticketId}/comments`, { token: t.storeToken, body: { body: 'ok' } }),
      await h.api('PATCH', `/api/v1/store/tickets/${ticketId}/close`, { token: t.storeToken }),
      await h.api('GET', '/api/v1/store/support/unread-signal', { token: t.storeToken }),
      await h.api('GET', `/api/v1/store/tickets/${ticketId}/attachments/${sharedAttachmentId}`, { token: t.storeToken }),
    ];
    for (const res of answers) expect(leaks(res.text)).toEqual([]);
    const detail = answers[1]!.body;
    expect(detail.comments.map((c: { body: string }) => c.body)).toEqual(['We are on it']);
    expect(detail.attachments.map((a: { attId: string }) => a.attId)).toEqual([sharedAttachmentId]);
    expect(detail.commentCount).toBe(1);
  });

  it('no answer of the HQ handling store tickets contains anything INTERNAL', async () => {
    const answers = [
      await h.api('GET', '/api/v1/hq/store-tickets', { token: t.hqToken }),
      await h.api('GET', `/api/v1/hq/store-tickets/${ticketId}`, { token: t.hqToken }),
      await h.api('POST', `/api/v1/hq/store-tickets/${ticketId}/comments`, { token: t.hqToken, body: { body: 'HQ here' } }),
      await h.api('GET', '/api/v1/hq/store-support/unread-signal', { token: t.hqToken }),
      await h.api('GET', `/api/v1/hq/store-tickets/${ticketId}/attachments/${sharedAttachmentId}`, { token: t.hqToken }),
    ];
    for (const res of answers) expect(leaks(res.text)).toEqual([]);
    expect(answers[1]!.body.attachments).toHaveLength(1);
  });

  it('no answer of the HQ channel contains anything INTERNAL', async () => {
    const answers = [
      await h.api('GET', '/api/v1/hq/tickets', { token: t.hqToken }),
      await h.api('GET', `/api/v1/hq/tickets/${hqTicketId}`, { token: t.hqToken }),
      await h.api('POST', `/api/v1/hq/tickets/${hqTicketId}/comments`, { token: t.hqToken, body: { body: 'Any news?' } }),
    ];
    for (const res of answers) expect(leaks(res.text)).toEqual([]);
    expect(answers[1]!.body.comments).toEqual([]);
    expect(answers[1]!.body.attachments).toEqual([]);
    expect(answers[1]!.body.commentCount).toBe(0);
  });

  it('an INTERNAL file asked for by id is 404 TICKET_ATTACHMENT_NOT_FOUND outside operators, like a missing one', async () => {
    for (const [token, path] of [
      [t.storeToken, `/api/v1/store/tickets/${ticketId}/attachments/${internalAttachmentId}`],
      [t.hqToken, `/api/v1/hq/store-tickets/${ticketId}/attachments/${internalAttachmentId}`],
    ] as const) {
      const res = await h.api('GET', path, { token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('TICKET_ATTACHMENT_NOT_FOUND');
      expect(leaks(res.text)).toEqual([]);
    }
    const op = await h.api('GET', `/api/v1/admin/tickets/${ticketId}/attachments/${internalAttachmentId}`, { token: h.operatorToken });
    expect(op.status).toBe(200);
  });

  it('an HQ or store cannot attach to an INTERNAL comment: the comment does not exist for them (400)', async () => {
    const res = await h.api('POST', `/api/v1/store/tickets/${ticketId}/attachments`, {
      token: t.storeToken,
      form: form(png(), 'mine.png', 'image/png', { commentId: internalCommentId }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('TICKET_ATTACHMENT_INVALID_FIELD');
    expect(leaks(res.text)).toEqual([]);
  });

  it('an INTERNAL note does not move updatedAt, so the HQ and store cannot tell one was written', async () => {
    const before = (await h.api('GET', `/api/v1/hq/tickets/${hqTicketId}`, { token: t.hqToken })).body.updatedAt;
    h.clock.advance(3600_000);
    await h.api('POST', `/api/v1/admin/tickets/${hqTicketId}/comments`, { token: h.operatorToken, body: { kind: 'INTERNAL', body: SECRET } });
    const after = (await h.api('GET', `/api/v1/hq/tickets/${hqTicketId}`, { token: t.hqToken })).body.updatedAt;
    expect(after).toBe(before);
  });

  it('HQs and stores cannot write INTERNAL comments: kind is not part of their request, the comment is a REPLY', async () => {
    const res = await h.api('POST', `/api/v1/store/tickets/${ticketId}/comments`, { token: t.storeToken, body: { body: 'sneaky', kind: 'INTERNAL' } });
    expect(res.status).toBe(201);
    const op = await h.api('GET', `/api/v1/admin/tickets/${ticketId}`, { token: h.operatorToken });
    expect(op.body.comments.find((c: { body: string }) => c.body === 'sneaky')).toMatchObject({ kind: 'REPLY', authorRole: 'STORE_MANAGER' });
  });
});
