import { newId } from '@storecast/service-kit';
import { auditOf, outboxEvents, startHarness, type Harness, type Tenant } from './harness';

describe('operator channel: every ticket, its workflow, assignment and dashboard', () => {
  let h: Harness;
  let t: Tenant;

  beforeAll(async () => {
    h = await startHarness();
    t = h.tenant('Coffee');
  });
  afterAll(async () => h?.stop());

  const create = (body: Record<string, unknown>) => h.api('POST', '/api/v1/admin/tickets', { token: h.operatorToken, body });
  const status = (id: string, to: string) => h.api('PATCH', `/api/v1/admin/tickets/${id}/status`, { token: h.operatorToken, body: { status: to } });
  const stored = async (id: string) => (await h.pool.query('select * from tickets where id = $1', [id])).rows[0];

  it('an operator files a ticket for a store: its HQ comes from organization, names are resolved, category omitted is null', async () => {
    const res = await create({ title: 'Check store', body: 'Player offline', priority: 'HIGH', storeId: t.storeId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'OPEN',
      priority: 'HIGH',
      category: null,
      hqId: t.hqId,
      hqName: 'Coffee',
      storeId: t.storeId,
      storeName: 'Coffee Gangnam',
      sourceName: 'Coffee Gangnam',
      assigneeOperatorId: null,
      assigneeName: null,
      createdByRole: 'OPERATOR',
      comments: [],
      attachments: [],
    });
    expect((await auditOf(h.pool, res.body.id)).map((a) => a.action)).toEqual(['TICKET_CREATED']);
  });

  it('an operator files a ticket for an HQ (source name is the HQ name) or for nobody (no source)', async () => {
    const hq = await create({ title: 'HQ billing', body: 'b', priority: 'LOW', category: 'BILLING', hqId: t.hqId });
    expect(hq.body).toMatchObject({ hqId: t.hqId, storeId: null, sourceName: 'Coffee', category: 'BILLING' });
    const none = await create({ title: 'Platform note', body: 'b', priority: 'NORMAL' });
    expect(none.body).toMatchObject({ hqId: null, storeId: null, sourceName: null });
  });

  it('an unknown store or HQ, or a store with another HQ\'s id, answers 404 and files nothing', async () => {
    const other = h.tenant('Other');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ storeId: newId() }, 'STORE_NOT_FOUND'],
      [{ hqId: newId() }, 'HQ_NOT_FOUND'],
      [{ storeId: t.storeId, hqId: other.hqId }, 'STORE_NOT_FOUND'],
    ];
    for (const [source, code] of cases) {
      const res = await create({ title: 'Nope', body: 'b', priority: 'LOW', ...source });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(code);
    }
    expect((await h.pool.query(`select count(*)::int as n from tickets where title = 'Nope'`)).rows[0].n).toBe(0);
  });

  it('priority is required for operators; an invalid priority or category is 400', async () => {
    for (const body of [{ title: 't', body: 'b' }, { title: 't', body: 'b', priority: 'CRITICAL' }, { title: 't', body: 'b', priority: 'LOW', category: 'X' }]) {
      const res = await create(body);
      expect(res.status).toBe(400);
    }
  });

  describe('status transitions (spec 02 § Ticket status), through the API', () => {
    it('walks every row of the table: OPEN → IN_PROGRESS → RESOLVED → IN_PROGRESS → RESOLVED → CLOSED → IN_PROGRESS', async () => {
      const id = (await create({ title: 'Walk', body: 'b', priority: 'NORMAL', storeId: t.storeId })).body.id;
      const path = ['IN_PROGRESS', 'RESOLVED', 'IN_PROGRESS', 'RESOLVED', 'CLOSED', 'IN_PROGRESS'];
      let from = 'OPEN';
      for (const to of path) {
        h.clock.advance(60_000);
        const res = await status(id, to);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(to);
        expect(res.body.updatedAt).toBe(h.clock.now().toISOString());
        expect((await stored(id)).status).toBe(to);
        from = to;
      }
      expect(from).toBe('IN_PROGRESS');
      const audit = (await auditOf(h.pool, id)).filter((a) => a.action === 'TICKET_STATUS_CHANGED');
      expect(audit.map((a) => [a.detail?.from, a.detail?.to])).toEqual([
        ['OPEN', 'IN_PROGRESS'],
        ['IN_PROGRESS', 'RESOLVED'],
        ['RESOLVED', 'IN_PROGRESS'],
        ['IN_PROGRESS', 'RESOLVED'],
        ['RESOLVED', 'CLOSED'],
        ['CLOSED', 'IN_PROGRESS'],
      ]);
      expect(audit.every((a) => a.actor_role === 'OPERATOR' && a.actor_account_id === h.operatorId && a.store_id === t.storeId)).toBe(true);
      const events = (await outboxEvents(h.pool, 'support.ticket.status-changed')).filter((e) => e.ticketId === id);
      expect(events).toHaveLength(6);
      expect(events[0]).toEqual({ ticketId: id, hqId: t.hqId, storeId: t.storeId, from: 'OPEN', to: 'IN_PROGRESS', actorRole: 'OPERATOR' });
    });

    it.each([
      [[], 'RESOLVED'],
      [[], 'CLOSED'],
      [[], 'OPEN'],
      [['IN_PROGRESS'], 'CLOSED'],
      [['IN_PROGRESS'], 'OPEN'],
      [['IN_PROGRESS'], 'IN_PROGRESS'],
      [['IN_PROGRESS', 'RESOLVED'], 'OPEN'],
      [['IN_PROGRESS', 'RESOLVED', 'CLOSED'], 'RESOLVED'],
      [['IN_PROGRESS', 'RESOLVED', 'CLOSED'], 'OPEN'],
    ])('after %j, moving to %s answers 409 TICKET_INVALID_STATUS_TRANSITION and changes nothing', async (before, to) => {
      const id = (await create({ title: 'Refuse', body: 'b', priority: 'NORMAL' })).body.id;
      for (const s of before) expect((await status(id, s)).status).toBe(200);
      const row = await stored(id);
      const auditCount = (await auditOf(h.pool, id)).length;
      const res = await status(id, to);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('TICKET_INVALID_STATUS_TRANSITION');
      expect(await stored(id)).toEqual(row);
      expect(await auditOf(h.pool, id)).toHaveLength(auditCount);
    });

    it('an unknown status is 400 and an unknown ticket 404 TICKET_NOT_FOUND', async () => {
      const id = (await create({ title: 'Bad status', body: 'b', priority: 'NORMAL' })).body.id;
      expect((await status(id, 'DONE')).status).toBe(400);
      const missing = await status(newId(), 'IN_PROGRESS');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('TICKET_NOT_FOUND');
    });
  });

  it('priority and category change freely in any direction, audited with before and after; the same value is a no-op', async () => {
    const id = (await create({ title: 'Classify', body: 'b', priority: 'LOW', category: 'OTHER' })).body.id;
    await status(id, 'IN_PROGRESS');
    await status(id, 'RESOLVED');
    await status(id, 'CLOSED');
    for (const p of ['URGENT', 'LOW', 'HIGH']) {
      const res = await h.api('PATCH', `/api/v1/admin/tickets/${id}/priority`, { token: h.operatorToken, body: { priority: p } });
      expect(res.status).toBe(200);
      expect(res.body.priority).toBe(p);
    }
    const same = await h.api('PATCH', `/api/v1/admin/tickets/${id}/priority`, { token: h.operatorToken, body: { priority: 'HIGH' } });
    expect(same.status).toBe(200);
    const cleared = await h.api('PATCH', `/api/v1/admin/tickets/${id}/category`, { token: h.operatorToken, body: { category: null } });
    expect(cleared.body.category).toBeNull();
    const set = await h.api('PATCH', `/api/v1/admin/tickets/${id}/category`, { token: h.operatorToken, body: { category: 'ACCOUNT' } });
    expect(set.body.category).toBe('ACCOUNT');
    const missing = await h.api('PATCH', `/api/v1/admin/tickets/${id}/category`, { token: h.operatorToken, body: {} });
    expect(missing.status).toBe(400);
    const audit = (await auditOf(h.pool, id)).filter((a) => a.action !== 'TICKET_STATUS_CHANGED' && a.action !== 'TICKET_CREATED');
    expect(audit.map((a) => [a.action, a.detail?.from, a.detail?.to])).toEqual([
      ['TICKET_PRIORITY_CHANGED', 'LOW', 'URGENT'],
      ['TICKET_PRIORITY_CHANGED', 'URGENT', 'LOW'],
      ['TICKET_PRIORITY_CHANGED', 'LOW', 'HIGH'],
      ['TICKET_CATEGORY_CHANGED', 'OTHER', null],
      ['TICKET_CATEGORY_CHANGED', null, 'ACCOUNT'],
    ]);
  });

  describe('assignment', () => {
    it('assigns an active operator (name in list and detail), then clears with a body without assigneeOperatorId', async () => {
      const id = (await create({ title: 'Assign me', body: 'b', priority: 'NORMAL' })).body.id;
      const assigned = await h.api('PATCH', `/api/v1/admin/tickets/${id}/assignee`, { token: h.operatorToken, body: { assigneeOperatorId: h.operatorId } });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({ assigneeOperatorId: h.operatorId, assigneeName: 'Op One' });
      const list = await h.api('GET', `/api/v1/admin/tickets?assigneeOperatorId=${h.operatorId}`, { token: h.operatorToken });
      expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([id]);
      expect(list.body.items[0].assigneeName).toBe('Op One');
      const cleared = await h.api('PATCH', `/api/v1/admin/tickets/${id}/assignee`, { token: h.operatorToken, body: {} });
      expect(cleared.body).toMatchObject({ assigneeOperatorId: null, assigneeName: null });
      expect((await auditOf(h.pool, id)).filter((a) => a.action === 'TICKET_ASSIGNED').map((a) => a.detail)).toEqual([
        { from: null, to: h.operatorId },
        { from: h.operatorId, to: null },
      ]);
    });

    it('an unknown account, a store manager or a suspended operator cannot be assigned (404 ACCOUNT_NOT_FOUND)', async () => {
      const id = (await create({ title: 'Assign wrong', body: 'b', priority: 'NORMAL' })).body.id;
      const manager = newId();
      const suspended = newId();
      h.identity.seed({ id: manager, email: 'm@x.test', role: 'STORE_MANAGER', status: 'ACTIVE' });
      h.identity.seed({ id: suspended, email: 's@x.test', role: 'OPERATOR', status: 'SUSPENDED' });
      for (const who of [newId(), manager, suspended]) {
        const res = await h.api('PATCH', `/api/v1/admin/tickets/${id}/assignee`, { token: h.operatorToken, body: { assigneeOperatorId: who } });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('ACCOUNT_NOT_FOUND');
      }
      expect((await stored(id)).assignee_operator_id).toBeNull();
    });

    it('when identity is unreachable, assigning answers 503 SERVICE_UNAVAILABLE', async () => {
      const id = (await create({ title: 'Assign down', body: 'b', priority: 'NORMAL' })).body.id;
      h.identity.unavailable = true;
      try {
        const res = await h.api('PATCH', `/api/v1/admin/tickets/${id}/assignee`, { token: h.operatorToken, body: { assigneeOperatorId: h.operatorId } });
        expect(res.status).toBe(503);
      } finally {
        h.identity.unavailable = false;
      }
    });
  });

  describe('list', () => {
    let s: Tenant;
    let ids: Record<string, string>;
    beforeAll(async () => {
      s = h.tenant('Filters');
      h.clock.set(new Date('2026-04-01T00:00:00.000Z'));
      const mk = async (key: string, body: Record<string, unknown>) => {
        h.clock.advance(1000);
        return [key, (await create({ title: `F ${key}`, body: 'b', ...body })).body.id] as const;
      };
      ids = Object.fromEntries([
        await mk('urgentStore', { priority: 'URGENT', category: 'PLAYBACK', storeId: s.storeId }),
        await mk('lowHq', { priority: 'LOW', hqId: s.hqId }),
        await mk('otherStore', { priority: 'NORMAL', category: 'PLAYBACK', storeId: s.otherStoreId }),
      ]);
      h.clock.advance(1000);
      await h.api('POST', `/api/v1/admin/tickets/${ids.lowHq}/comments`, { token: h.operatorToken, body: { kind: 'REPLY', body: 'hello' } });
      await h.api('POST', `/api/v1/admin/tickets/${ids.lowHq}/comments`, { token: h.operatorToken, body: { kind: 'INTERNAL', body: 'note' } });
    });

    it('filters by hqId, storeId, priority, category and status, updatedAt desc, with comment counts (INTERNAL included)', async () => {
      const byHq = await h.api('GET', `/api/v1/admin/tickets?hqId=${s.hqId}`, { token: h.operatorToken });
      expect(byHq.body.items.map((i: { id: string }) => i.id)).toEqual([ids.lowHq, ids.otherStore, ids.urgentStore]);
      expect(byHq.body.items[0]).toMatchObject({ commentCount: 2, sourceName: 'Filters', hqName: 'Filters', storeName: null });
      const byStore = await h.api('GET', `/api/v1/admin/tickets?storeId=${s.otherStoreId}`, { token: h.operatorToken });
      expect(byStore.body.items.map((i: { storeName: string }) => i.storeName)).toEqual(['Filters Mapo']);
      const urgent = await h.api('GET', `/api/v1/admin/tickets?hqId=${s.hqId}&priority=URGENT&category=PLAYBACK&status=OPEN`, { token: h.operatorToken });
      expect(urgent.body.items.map((i: { id: string }) => i.id)).toEqual([ids.urgentStore]);
      const q = await h.api('GET', `/api/v1/admin/tickets?q=f%20lowhq`, { token: h.operatorToken });
      expect(q.body.items.map((i: { id: string }) => i.id)).toEqual([ids.lowHq]);
    });

    it('pages are 0-based and sizes clamp to 1..100; invalid filter values are ignored', async () => {
      const page1 = await h.api('GET', `/api/v1/admin/tickets?hqId=${s.hqId}&size=2&page=1`, { token: h.operatorToken });
      expect(page1.body).toMatchObject({ page: 1, size: 2, total: 3 });
      expect(page1.body.items.map((i: { id: string }) => i.id)).toEqual([ids.urgentStore]);
      const clamped = await h.api('GET', `/api/v1/admin/tickets?size=1000`, { token: h.operatorToken });
      expect(clamped.body.size).toBe(100);
      const ignored = await h.api('GET', `/api/v1/admin/tickets?hqId=${s.hqId}&priority=SOON&storeId=nope`, { token: h.operatorToken });
      expect(ignored.body.total).toBe(3);
    });

    it('when organization is unreachable, the list answers 503 SERVICE_UNAVAILABLE', async () => {
      h.organization.unavailable = true;
      try {
        const res = await h.api('GET', `/api/v1/admin/tickets?hqId=${s.hqId}`, { token: h.operatorToken });
        expect(res.status).toBe(503);
      } finally {
        h.organization.unavailable = false;
      }
    });

    it('HQ and store managers cannot use operator paths (403 FORBIDDEN)', async () => {
      for (const token of [s.hqToken, s.storeToken]) {
        const res = await h.api('GET', '/api/v1/admin/tickets', { token });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('stats', () => {
    it('counts HQs and stores from organization and tickets per status', async () => {
      h.organization.counts = { hqCount: 7, storeCount: 42 };
      const { rows } = await h.pool.query(`select status, count(*)::int as n from tickets group by status`);
      const n = (s: string) => rows.find((r: { status: string }) => r.status === s)?.n ?? 0;
      const res = await h.api('GET', '/api/v1/admin/stats', { token: h.operatorToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        hqCount: 7,
        storeCount: 42,
        tickets: { open: n('OPEN'), inProgress: n('IN_PROGRESS'), resolved: n('RESOLVED'), closed: n('CLOSED') },
      });
      expect(res.body.tickets.open).toBeGreaterThan(0);
      expect(res.body.tickets.inProgress).toBeGreaterThan(0);
    });

    it('answers 503 SERVICE_UNAVAILABLE when organization is down or does not implement the counts yet', async () => {
      h.organization.statsImplemented = false;
      try {
        const res = await h.api('GET', '/api/v1/admin/stats', { token: h.operatorToken });
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      } finally {
        h.organization.statsImplemented = true;
      }
    });
  });
});
