import { newId } from '@storecast/service-kit';
import { auditOf, outboxEvents, startHarness, type Harness, type Tenant } from './harness';

describe('store channel: a store files and follows its own tickets', () => {
  let h: Harness;
  let t: Tenant;

  beforeAll(async () => {
    h = await startHarness();
    t = h.tenant('Coffee');
  });
  afterAll(async () => h?.stop());

  const create = (token: string, body: Record<string, unknown> = { title: 'Music stopped', body: 'No sound since 9am', category: 'PLAYBACK' }) =>
    h.api('POST', '/api/v1/store/tickets', { token, body });

  it('filing a ticket answers 201 OPEN with no priority, no comments and attachments: []; the HQ is the store\'s', async () => {
    const res = await create(t.storeToken);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: 'Music stopped',
      body: 'No sound since 9am',
      status: 'OPEN',
      category: 'PLAYBACK',
      commentCount: 0,
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
      comments: [],
      attachments: [],
    });
    const { rows } = await h.pool.query('select hq_id, store_id, priority, status, created_by_role from tickets where id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ hq_id: t.hqId, store_id: t.storeId, priority: 'NORMAL', status: 'OPEN', created_by_role: 'STORE_MANAGER' });
  });

  it('filing writes the audit STORE_TICKET_CREATED and the event support.ticket.created in the same transaction', async () => {
    const res = await create(t.storeToken, { title: 'Audit me', body: 'x', category: 'OTHER' });
    expect(await auditOf(h.pool, res.body.id)).toEqual([
      expect.objectContaining({ action: 'STORE_TICKET_CREATED', actor_role: 'STORE_MANAGER', hq_id: t.hqId, store_id: t.storeId }),
    ]);
    const events = await outboxEvents(h.pool, 'support.ticket.created');
    expect(events).toContainEqual({ ticketId: res.body.id, hqId: t.hqId, storeId: t.storeId, createdByRole: 'STORE_MANAGER', priority: 'NORMAL', category: 'OTHER' });
  });

  it.each([
    ['a blank title', { title: '   ', body: 'b', category: 'OTHER' }],
    ['a title over 200 characters', { title: 'x'.repeat(201), body: 'b', category: 'OTHER' }],
    ['a body over 5000 characters', { title: 't', body: 'x'.repeat(5001), category: 'OTHER' }],
    ['no category', { title: 't', body: 'b' }],
    ['an unknown category', { title: 't', body: 'b', category: 'MUSIC' }],
    ['a NUL character', { title: 'a\u0000b', body: 'b', category: 'OTHER' }],
    ['a number as title', { title: 42, body: 'b', category: 'OTHER' }],
    ['a priority it may not set', { title: 't', body: 'b', category: 'OTHER', priority: 'URGENT', status: 'CLOSED' }],
  ])('filing with %s answers 400 VALIDATION_FAILED, or ignores fields the store does not set', async (_what, body) => {
    const res = await create(t.storeToken, body);
    if ('priority' in body) {
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('OPEN');
      const { rows } = await h.pool.query('select priority from tickets where id = $1', [res.body.id]);
      expect(rows[0].priority).toBe('NORMAL');
    } else {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('a title of exactly 200 and a body of exactly 5000 characters are accepted; a lone surrogate is not a 500', async () => {
    const res = await create(t.storeToken, { title: 'x'.repeat(200), body: 'y'.repeat(5000), category: 'BILLING' });
    expect(res.status).toBe(201);
    const odd = await h.api.unchecked('POST', '/api/v1/store/tickets', {
      token: t.storeToken,
      raw: { contentType: 'application/json', data: '{"title":"\\ud800 broken","body":"b","category":"OTHER"}' },
    });
    // The kit refuses malformed Unicode at the route (400); stored, it would be well-formed. Never a 500.
    expect([201, 400]).toContain(odd.status);
  });

  it('a malformed JSON body answers 400, never 500', async () => {
    const res = await h.api.unchecked('POST', '/api/v1/store/tickets', { token: t.storeToken, raw: { contentType: 'application/json', data: '{"title":' } });
    expect(res.status).toBe(400);
  });

  it('a closed store or a store organization does not know cannot file (403 PRINCIPAL_SCOPE_MISMATCH)', async () => {
    const closedId = newId();
    h.organization.setStore({ id: closedId, hqId: t.hqId, name: 'Closed one', closedAt: '2026-01-01T00:00:00.000Z' });
    const closed = await create(h.env.sign({ role: 'STORE_MANAGER', storeId: closedId, hqId: t.hqId }));
    expect(closed.status).toBe(403);
    expect(closed.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    const unknown = await create(h.env.sign({ role: 'STORE_MANAGER', storeId: newId() }));
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
  });

  it('a store token without a store, or another role, is refused (403)', async () => {
    const noStore = await h.api('GET', '/api/v1/store/tickets', { token: h.env.sign({ role: 'STORE_MANAGER' }) });
    expect(noStore.status).toBe(403);
    expect(noStore.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    const hq = await h.api('GET', '/api/v1/store/tickets', { token: t.hqToken });
    expect(hq.status).toBe(403);
    expect(hq.body.error.code).toBe('FORBIDDEN');
    const none = await h.api('GET', '/api/v1/store/tickets');
    expect(none.status).toBe(401);
  });

  it('when organization is unreachable, filing answers 503 SERVICE_UNAVAILABLE and stores nothing', async () => {
    h.organization.unavailable = true;
    try {
      const res = await create(t.storeToken, { title: 'While down', body: 'b', category: 'OTHER' });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      h.organization.unavailable = false;
    }
    const { rows } = await h.pool.query(`select count(*)::int as n from tickets where title = 'While down'`);
    expect(rows[0].n).toBe(0);
  });

  describe('reading, replying and closing', () => {
    let s: Tenant;
    let first: string;
    let second: string;

    beforeAll(async () => {
      s = h.tenant('Bakery');
      h.clock.set(new Date('2026-03-03T10:00:00.000Z'));
      first = (await create(s.storeToken, { title: 'Speaker buzzing', body: 'b', category: 'PLAYBACK' })).body.id;
      h.clock.set(new Date('2026-03-03T11:00:00.000Z'));
      second = (await create(s.storeToken, { title: 'Invoice wrong', body: 'b', category: 'BILLING' })).body.id;
      await create(s.otherStoreToken, { title: 'Speaker at Mapo', body: 'b', category: 'PLAYBACK' });
    });

    it('the list holds the store\'s own tickets only, most recently updated first, without priority', async () => {
      const res = await h.api('GET', '/api/v1/store/tickets', { token: s.storeToken });
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([second, first]);
      expect(res.body).toMatchObject({ page: 0, size: 20, total: 2 });
      expect(res.text).not.toContain('priority');
    });

    it('the list filters by q (case-insensitive, partial, wildcards literal), status and category', async () => {
      const q = await h.api('GET', '/api/v1/store/tickets?q=SPEAKER', { token: s.storeToken });
      expect(q.body.items.map((i: { id: string }) => i.id)).toEqual([first]);
      const wildcard = await h.api('GET', '/api/v1/store/tickets?q=%25', { token: s.storeToken });
      expect(wildcard.body.total).toBe(0);
      const category = await h.api('GET', '/api/v1/store/tickets?category=BILLING', { token: s.storeToken });
      expect(category.body.items.map((i: { id: string }) => i.id)).toEqual([second]);
      const status = await h.api('GET', '/api/v1/store/tickets?status=CLOSED', { token: s.storeToken });
      expect(status.body.total).toBe(0);
      const ignored = await h.api('GET', '/api/v1/store/tickets?status=NOPE&size=1', { token: s.storeToken });
      expect(ignored.body).toMatchObject({ total: 2, size: 1 });
      expect(ignored.body.items).toHaveLength(1);
    });

    it('q over 100 characters answers 400 VALIDATION_FAILED', async () => {
      const res = await h.api('GET', `/api/v1/store/tickets?q=${'a'.repeat(101)}`, { token: s.storeToken });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    });

    it('a ticket of another store (same HQ or another HQ) or an unknown one is 404 TICKET_NOT_FOUND on every path', async () => {
      for (const token of [s.otherStoreToken, t.storeToken]) {
        for (const [method, path, body] of [
          ['GET', `/api/v1/store/tickets/${first}`, undefined],
          ['POST', `/api/v1/store/tickets/${first}/comments`, { body: 'hi' }],
          ['PATCH', `/api/v1/store/tickets/${first}/close`, undefined],
        ] as const) {
          const res = await h.api(method, path, { token, body });
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe('TICKET_NOT_FOUND');
        }
      }
      const unknown = await h.api('GET', `/api/v1/store/tickets/${newId()}`, { token: s.storeToken });
      expect(unknown.status).toBe(404);
      const malformed = await h.api('GET', '/api/v1/store/tickets/not-a-uuid', { token: s.storeToken });
      expect(malformed.status).toBe(400);
    });

    it('a reply answers 201 with authorRole STORE_MANAGER, moves updatedAt, writes STORE_TICKET_COMMENT_ADDED and support.ticket.commented', async () => {
      h.clock.set(new Date('2026-03-03T12:00:00.000Z'));
      const res = await h.api('POST', `/api/v1/store/tickets/${first}/comments`, { token: s.storeToken, body: { body: 'Still buzzing' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), body: 'Still buzzing', authorRole: 'STORE_MANAGER', createdAt: '2026-03-03T12:00:00.000Z' });
      const detail = await h.api('GET', `/api/v1/store/tickets/${first}`, { token: s.storeToken });
      expect(detail.body).toMatchObject({ updatedAt: '2026-03-03T12:00:00.000Z', commentCount: 1 });
      expect((await auditOf(h.pool, first)).map((a) => a.action)).toEqual(['STORE_TICKET_CREATED', 'STORE_TICKET_COMMENT_ADDED']);
      expect(await outboxEvents(h.pool, 'support.ticket.commented')).toContainEqual({
        ticketId: first,
        hqId: s.hqId,
        storeId: s.storeId,
        commentId: res.body.id,
        kind: 'REPLY',
        authorRole: 'STORE_MANAGER',
      });
      const list = await h.api('GET', '/api/v1/store/tickets', { token: s.storeToken });
      expect(list.body.items[0].id).toBe(first);
    });

    it('a blank reply or one over 5000 characters answers 400', async () => {
      for (const body of [{ body: ' ' }, { body: 'x'.repeat(5001) }, {}]) {
        const res = await h.api('POST', `/api/v1/store/tickets/${first}/comments`, { token: s.storeToken, body });
        expect(res.status).toBe(400);
      }
    });

    it('the unread signal is null until someone handling the ticket replies, then the time of that reply', async () => {
      const before = await h.api('GET', '/api/v1/store/support/unread-signal', { token: s.storeToken });
      expect(before.body).toEqual({ latestOperatorReplyAt: null });
      h.clock.set(new Date('2026-03-03T13:00:00.000Z'));
      await h.api('POST', `/api/v1/admin/tickets/${second}/comments`, { token: h.operatorToken, body: { kind: 'REPLY', body: 'Looking into it' } });
      h.clock.set(new Date('2026-03-03T14:00:00.000Z'));
      await h.api('POST', `/api/v1/admin/tickets/${second}/comments`, { token: h.operatorToken, body: { kind: 'INTERNAL', body: 'billing bug #12' } });
      await h.api('POST', `/api/v1/store/tickets/${second}/comments`, { token: s.storeToken, body: { body: 'Thanks' } });
      const after = await h.api('GET', '/api/v1/store/support/unread-signal', { token: s.storeToken });
      expect(after.body).toEqual({ latestOperatorReplyAt: '2026-03-03T13:00:00.000Z' });
      const other = await h.api('GET', '/api/v1/store/support/unread-signal', { token: s.otherStoreToken });
      expect(other.body).toEqual({ latestOperatorReplyAt: null });
    });

    it('the detail lists replies oldest first with OPERATOR and STORE_MANAGER authors', async () => {
      const res = await h.api('GET', `/api/v1/store/tickets/${second}`, { token: s.storeToken });
      expect(res.body.comments.map((c: { body: string; authorRole: string }) => [c.authorRole, c.body])).toEqual([
        ['OPERATOR', 'Looking into it'],
        ['STORE_MANAGER', 'Thanks'],
      ]);
      expect(res.body.commentCount).toBe(2);
    });

    it('closing is refused from OPEN and IN_PROGRESS (409 TICKET_INVALID_STATUS_TRANSITION) and allowed from RESOLVED', async () => {
      const open = await h.api('PATCH', `/api/v1/store/tickets/${first}/close`, { token: s.storeToken });
      expect(open.status).toBe(409);
      expect(open.body.error.code).toBe('TICKET_INVALID_STATUS_TRANSITION');
      await h.api('PATCH', `/api/v1/admin/tickets/${first}/status`, { token: h.operatorToken, body: { status: 'IN_PROGRESS' } });
      const inProgress = await h.api('PATCH', `/api/v1/store/tickets/${first}/close`, { token: s.storeToken });
      expect(inProgress.status).toBe(409);
      await h.api('PATCH', `/api/v1/admin/tickets/${first}/status`, { token: h.operatorToken, body: { status: 'RESOLVED' } });
      const resolved = await h.api('PATCH', `/api/v1/store/tickets/${first}/close`, { token: s.storeToken });
      expect(resolved.status).toBe(200);
      expect(resolved.body.status).toBe('CLOSED');
      const again = await h.api('PATCH', `/api/v1/store/tickets/${first}/close`, { token: s.storeToken });
      expect(again.status).toBe(409);
      const audit = await auditOf(h.pool, first);
      expect(audit.at(-1)).toMatchObject({ action: 'TICKET_STATUS_CHANGED', actor_role: 'STORE_MANAGER', detail: { from: 'RESOLVED', to: 'CLOSED' } });
    });
  });
});
