import { newId } from '@storecast/service-kit';
import { auditOf, outboxEvents, startHarness, type Harness, type Tenant } from './harness';

describe('HQ channels: the HQ\'s own tickets, and the HQ handling its stores\' tickets', () => {
  let h: Harness;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    h = await startHarness();
    a = h.tenant('Alpha');
    b = h.tenant('Beta');
  });
  afterAll(async () => h?.stop());

  const storeTicket = async (token: string, title = 'Store issue') =>
    (await h.api('POST', '/api/v1/store/tickets', { token, body: { title, body: 'b', category: 'PLAYBACK' } })).body.id as string;

  describe('HQ channel (/api/v1/hq/tickets)', () => {
    let own: string;

    it('the HQ files a ticket of its own: OPEN, NORMAL, no store; audit TICKET_CREATED by HQ_MANAGER', async () => {
      const res = await h.api('POST', '/api/v1/hq/tickets', { token: a.hqToken, body: { title: 'Invoice for March', body: 'b', category: 'BILLING' } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'OPEN', priority: 'NORMAL', category: 'BILLING', comments: [], attachments: [] });
      own = res.body.id;
      const { rows } = await h.pool.query('select hq_id, store_id from tickets where id = $1', [own]);
      expect(rows[0]).toEqual({ hq_id: a.hqId, store_id: null });
      expect(await auditOf(h.pool, own)).toEqual([expect.objectContaining({ action: 'TICKET_CREATED', actor_role: 'HQ_MANAGER', hq_id: a.hqId, store_id: null })]);
    });

    it('an impersonating operator files as the HQ; the audit names OPERATOR_IMPERSONATING', async () => {
      const operator = newId();
      const token = h.env.sign({ role: 'HQ_MANAGER', hqId: a.hqId, impersonatedBy: operator });
      const res = await h.api('POST', '/api/v1/hq/tickets', { token, body: { title: 'Filed while impersonating', body: 'b', category: 'OTHER' } });
      expect(res.status).toBe(201);
      expect((await auditOf(h.pool, res.body.id))[0]).toMatchObject({ actor_role: 'OPERATOR_IMPERSONATING' });
    });

    it('an HQ organization does not know cannot file (403 PRINCIPAL_SCOPE_MISMATCH)', async () => {
      const res = await h.api('POST', '/api/v1/hq/tickets', { token: h.env.sign({ role: 'HQ_MANAGER', hqId: newId() }), body: { title: 't', body: 'b', category: 'OTHER' } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    });

    it('lists only the HQ\'s own tickets (never its stores\' tickets, never another HQ\'s)', async () => {
      await storeTicket(a.storeToken, 'Not in the HQ channel');
      await h.api('POST', '/api/v1/hq/tickets', { token: b.hqToken, body: { title: 'Beta own', body: 'b', category: 'OTHER' } });
      const res = await h.api('GET', '/api/v1/hq/tickets', { token: a.hqToken });
      expect(res.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['Filed while impersonating', 'Invoice for March']);
    });

    it('another HQ, or the store-tickets path, cannot reach an HQ ticket (404 TICKET_NOT_FOUND)', async () => {
      const foreign = await h.api('GET', `/api/v1/hq/tickets/${own}`, { token: b.hqToken });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('TICKET_NOT_FOUND');
      const viaStores = await h.api('GET', `/api/v1/hq/store-tickets/${own}`, { token: a.hqToken });
      expect(viaStores.status).toBe(404);
      const store = await h.api('GET', `/api/v1/store/tickets/${own}`, { token: a.storeToken });
      expect(store.status).toBe(404);
    });

    it('the HQ replies (HQ_MANAGER), sees operator replies, and closes only a RESOLVED ticket', async () => {
      const reply = await h.api('POST', `/api/v1/hq/tickets/${own}/comments`, { token: a.hqToken, body: { body: 'Any news?' } });
      expect(reply.body.authorRole).toBe('HQ_MANAGER');
      await h.api('POST', `/api/v1/admin/tickets/${own}/comments`, { token: h.operatorToken, body: { kind: 'REPLY', body: 'Fixed next invoice' } });
      const early = await h.api('PATCH', `/api/v1/hq/tickets/${own}/close`, { token: a.hqToken });
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('TICKET_INVALID_STATUS_TRANSITION');
      await h.api('PATCH', `/api/v1/admin/tickets/${own}/status`, { token: h.operatorToken, body: { status: 'IN_PROGRESS' } });
      await h.api('PATCH', `/api/v1/admin/tickets/${own}/status`, { token: h.operatorToken, body: { status: 'RESOLVED' } });
      const closed = await h.api('PATCH', `/api/v1/hq/tickets/${own}/close`, { token: a.hqToken });
      expect(closed.status).toBe(200);
      expect(closed.body.status).toBe('CLOSED');
      expect(closed.body.comments.map((c: { authorRole: string }) => c.authorRole)).toEqual(['HQ_MANAGER', 'OPERATOR']);
    });
  });

  describe('HQ handling store tickets (/api/v1/hq/store-tickets)', () => {
    let gangnam: string;
    let mapo: string;
    let betaTicket: string;

    beforeAll(async () => {
      h.clock.set(new Date('2026-05-01T00:00:00.000Z'));
      gangnam = await storeTicket(a.storeToken, 'Gangnam speaker');
      h.clock.advance(1000);
      mapo = await storeTicket(a.otherStoreToken, 'Mapo speaker');
      betaTicket = await storeTicket(b.storeToken, 'Beta speaker');
    });

    it('lists the tickets of the HQ\'s stores with store names and priority, filterable by store', async () => {
      const res = await h.api('GET', '/api/v1/hq/store-tickets?q=speaker', { token: a.hqToken });
      expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([mapo, gangnam]);
      expect(res.body.items[0]).toMatchObject({ storeId: a.otherStoreId, storeName: 'Alpha Mapo', priority: 'NORMAL' });
      const one = await h.api('GET', `/api/v1/hq/store-tickets?storeId=${a.storeId}&q=speaker`, { token: a.hqToken });
      expect(one.body.items.map((i: { id: string }) => i.id)).toEqual([gangnam]);
      const foreignFilter = await h.api('GET', `/api/v1/hq/store-tickets?storeId=${b.storeId}`, { token: a.hqToken });
      expect(foreignFilter.body.total).toBe(0);
    });

    it('a ticket of another HQ\'s store is 404 TICKET_NOT_FOUND on every path', async () => {
      for (const [method, path, body] of [
        ['GET', `/api/v1/hq/store-tickets/${betaTicket}`, undefined],
        ['POST', `/api/v1/hq/store-tickets/${betaTicket}/comments`, { body: 'hi' }],
        ['PATCH', `/api/v1/hq/store-tickets/${betaTicket}/status`, { status: 'IN_PROGRESS' }],
        ['GET', `/api/v1/hq/store-tickets/${betaTicket}/attachments/${newId()}`, undefined],
      ] as const) {
        const res = await h.api(method, path, { token: a.hqToken, body });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('TICKET_NOT_FOUND');
      }
      const { rows } = await h.pool.query('select status from tickets where id = $1', [betaTicket]);
      expect(rows[0].status).toBe('OPEN');
    });

    it('the HQ walks the full status table and is refused moves outside it (409)', async () => {
      const move = (to: string) => h.api('PATCH', `/api/v1/hq/store-tickets/${gangnam}/status`, { token: a.hqToken, body: { status: to } });
      expect((await move('RESOLVED')).status).toBe(409);
      for (const to of ['IN_PROGRESS', 'RESOLVED', 'IN_PROGRESS', 'RESOLVED', 'CLOSED', 'IN_PROGRESS']) {
        const res = await move(to);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(to);
      }
      expect((await move('OPEN')).status).toBe(409);
      const audit = (await auditOf(h.pool, gangnam)).filter((x) => x.action === 'TICKET_STATUS_CHANGED');
      expect(audit).toHaveLength(6);
      expect(audit.every((x) => x.actor_role === 'HQ_MANAGER' && x.hq_id === a.hqId && x.store_id === a.storeId)).toBe(true);
      const events = (await outboxEvents(h.pool, 'support.ticket.status-changed')).filter((e) => e.ticketId === gangnam);
      expect(events.map((e) => e.actorRole)).toEqual(Array(6).fill('HQ_MANAGER'));
    });

    it('priority is read-only for the HQ: there is no path to change it', async () => {
      const res = await h.api.unchecked('PATCH', `/api/v1/hq/store-tickets/${gangnam}/priority`, { token: a.hqToken, body: { priority: 'URGENT' } });
      expect(res.status).toBe(404);
      const { rows } = await h.pool.query('select priority from tickets where id = $1', [gangnam]);
      expect(rows[0].priority).toBe('NORMAL');
    });

    it('an HQ reply (HQ_MANAGER) reaches the store; the store, operator and HQ replies read in order', async () => {
      h.clock.set(new Date('2026-05-02T00:00:00.000Z'));
      await h.api('POST', `/api/v1/store/tickets/${mapo}/comments`, { token: a.otherStoreToken, body: { body: 'Still broken' } });
      h.clock.advance(1000);
      await h.api('POST', `/api/v1/admin/tickets/${mapo}/comments`, { token: h.operatorToken, body: { kind: 'REPLY', body: 'Operator here' } });
      h.clock.advance(1000);
      const hq = await h.api('POST', `/api/v1/hq/store-tickets/${mapo}/comments`, { token: a.hqToken, body: { body: 'HQ sends a technician' } });
      expect(hq.status).toBe(201);
      expect(hq.body.authorRole).toBe('HQ_MANAGER');
      const seenByHq = await h.api('GET', `/api/v1/hq/store-tickets/${mapo}`, { token: a.hqToken });
      expect(seenByHq.body.comments.map((c: { authorRole: string }) => c.authorRole)).toEqual(['STORE_MANAGER', 'OPERATOR', 'HQ_MANAGER']);
      const seenByStore = await h.api('GET', `/api/v1/store/tickets/${mapo}`, { token: a.otherStoreToken });
      expect(seenByStore.body.comments.map((c: { body: string }) => c.body)).toEqual(['Still broken', 'Operator here', 'HQ sends a technician']);
      const signal = await h.api('GET', '/api/v1/store/support/unread-signal', { token: a.otherStoreToken });
      expect(signal.body.latestOperatorReplyAt).toBe('2026-05-02T00:00:02.000Z');
      expect((await auditOf(h.pool, mapo)).map((x) => x.action)).toContain('TICKET_COMMENT_ADDED');
    });

    it('the HQ signal counts OPEN and IN_PROGRESS store tickets and the stores\' latest ticket or comment', async () => {
      const res = await h.api('GET', '/api/v1/hq/store-support/unread-signal', { token: a.hqToken });
      const { rows } = await h.pool.query(
        `select count(*)::int as n from tickets where hq_id = $1 and store_id is not null and status in ('OPEN', 'IN_PROGRESS')`,
        [a.hqId],
      );
      expect(res.body).toEqual({ openOrInProgressCount: rows[0].n, latestStoreActivityAt: '2026-05-02T00:00:00.000Z' });
      h.clock.set(new Date('2026-05-03T00:00:00.000Z'));
      await storeTicket(a.storeToken, 'Fresh one');
      const after = await h.api('GET', '/api/v1/hq/store-support/unread-signal', { token: a.hqToken });
      expect(after.body).toEqual({ openOrInProgressCount: rows[0].n + 1, latestStoreActivityAt: '2026-05-03T00:00:00.000Z' });
      const beta = await h.api('GET', '/api/v1/hq/store-support/unread-signal', { token: b.hqToken });
      expect(beta.body.openOrInProgressCount).toBe(1);
    });

    it('an HQ token without an HQ is 403 PRINCIPAL_SCOPE_MISMATCH; a store manager is 403 FORBIDDEN', async () => {
      const noHq = await h.api('GET', '/api/v1/hq/store-tickets', { token: h.env.sign({ role: 'HQ_MANAGER' }) });
      expect(noHq.status).toBe(403);
      expect(noHq.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
      const store = await h.api('GET', '/api/v1/hq/store-tickets', { token: a.storeToken });
      expect(store.body.error.code).toBe('FORBIDDEN');
    });
  });
});
