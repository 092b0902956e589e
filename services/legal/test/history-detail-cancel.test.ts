import { newId } from '@storecast/service-kit';
import { minutes, startHarness, T0, type Harness } from './harness';

describe('history, detail and cancel of legal documents', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  beforeEach(async () => {
    await h.sql('truncate legal_documents, consent_records, audit_records, outbox cascade');
    h.clock.set(T0);
  });

  const at = (ms: number) => new Date(T0.getTime() + ms);

  describe('history', () => {
    it('lists every version effectiveAt desc, id desc, with stored status snapshots and without content', async () => {
      const v1 = await h.publish('terms', 'v1');
      h.clock.advance(minutes(1));
      const v2 = await h.publish('terms', 'v2');
      const v4 = await h.publish('terms', 'v4', at(minutes(120)));
      const v3 = await h.publish('terms', 'v3', at(minutes(60)));
      await h.publish('privacy-policy', 'p1');

      const res = await h.api('GET', '/api/v1/admin/terms', { token: h.operatorToken() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [
          { id: v4.id, version: 'v4', publishedAt: at(minutes(1)).toISOString(), effectiveAt: at(minutes(120)).toISOString(), status: 'SCHEDULED' },
          { id: v3.id, version: 'v3', publishedAt: at(minutes(1)).toISOString(), effectiveAt: at(minutes(60)).toISOString(), status: 'SCHEDULED' },
          { id: v2.id, version: 'v2', publishedAt: at(minutes(1)).toISOString(), effectiveAt: at(minutes(1)).toISOString(), status: 'ACTIVE' },
          { id: v1.id, version: 'v1', publishedAt: T0.toISOString(), effectiveAt: T0.toISOString(), status: 'SUPERSEDED' },
        ],
      });
    });

    it('among equal effective times the later publication comes first (id desc)', async () => {
      const a = await h.publish('privacy-policy', 'a');
      const b = await h.publish('privacy-policy', 'b');
      const res = await h.api('GET', '/api/v1/admin/privacy-policy', { token: h.operatorToken() });
      expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    });

    it('is empty before anything is published', async () => {
      const res = await h.api('GET', '/api/v1/admin/privacy-policy', { token: h.operatorToken() });
      expect(res).toMatchObject({ status: 200, body: { items: [] } });
    });

    it('is for operators only', async () => {
      const res = await h.api('GET', '/api/v1/admin/terms', { token: h.sign({ sub: newId(), role: 'STORE_MANAGER', storeId: newId() }) });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });
  });

  describe('detail', () => {
    it('answers the document with its content and stored status', async () => {
      const doc = await h.publish('privacy-policy', 'p1');
      const res = await h.api('GET', `/api/v1/admin/privacy-policy/${doc.id}`, { token: h.operatorToken() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: doc.id, version: 'p1', content: '# privacy-policy p1', publishedAt: T0.toISOString(), effectiveAt: T0.toISOString(), status: 'ACTIVE' });
    });

    it('an unknown id answers 404 LEGAL_DOC_NOT_FOUND', async () => {
      const res = await h.api('GET', `/api/v1/admin/terms/${newId()}`, { token: h.operatorToken() });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('LEGAL_DOC_NOT_FOUND');
    });

    it('an id that is not a UUID answers 400 VALIDATION_FAILED naming the id (the kit rule for path ids)', async () => {
      const res = await h.api('GET', '/api/v1/admin/terms/not-an-id', { token: h.operatorToken() });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'id' })]);
    });

    it('the id of a privacy policy read as terms answers 404 LEGAL_DOC_NOT_FOUND', async () => {
      const doc = await h.publish('privacy-policy', 'p1');
      const res = await h.api('GET', `/api/v1/admin/terms/${doc.id}`, { token: h.operatorToken() });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('LEGAL_DOC_NOT_FOUND');
    });
  });

  describe('cancel', () => {
    it('a scheduled version whose time is ahead is hard-deleted with a TERMS_SCHEDULE_CANCELED audit row', async () => {
      await h.publish('terms', 'v1');
      const scheduled = await h.publish('terms', 'v2', at(minutes(30)));
      const operatorId = newId();
      h.clock.advance(minutes(29));
      const res = await h.api('DELETE', `/api/v1/admin/terms/${scheduled.id}`, { token: h.sign({ sub: operatorId, role: 'OPERATOR' }) });
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      expect(await h.sql('select version from legal_documents')).toEqual([{ version: 'v1' }]);
      expect(await h.sql("select action, target_type, target_id, target_label, actor_account_id, actor_role, created_at from audit_records where action like '%CANCELED'")).toEqual([
        {
          action: 'TERMS_SCHEDULE_CANCELED',
          target_type: 'LEGAL_DOCUMENT',
          target_id: scheduled.id,
          target_label: 'v2',
          actor_account_id: operatorId,
          actor_role: 'OPERATOR',
          created_at: at(minutes(29)),
        },
      ]);
      // The current document is untouched and the canceled version number is free again.
      expect((await h.api('GET', '/api/v1/terms/active')).body.version).toBe('v1');
      expect((await h.publish('terms', 'v2', at(minutes(60)))).status).toBe('SCHEDULED');
    });

    it('canceling a scheduled privacy policy writes PRIVACY_POLICY_SCHEDULE_CANCELED', async () => {
      const scheduled = await h.publish('privacy-policy', 'p2', at(minutes(5)));
      const res = await h.api('DELETE', `/api/v1/admin/privacy-policy/${scheduled.id}`, { token: h.operatorToken() });
      expect(res.status).toBe(204);
      expect(await h.sql('select action from audit_records where target_id = $1 order by created_at, id', [scheduled.id])).toEqual([
        { action: 'PRIVACY_POLICY_PUBLISHED' },
        { action: 'PRIVACY_POLICY_SCHEDULE_CANCELED' },
      ]);
      expect(await h.sql('select id from legal_documents')).toEqual([]);
    });

    it('an ACTIVE version answers 409 LEGAL_DOC_NOT_SCHEDULED and stays', async () => {
      const doc = await h.publish('terms', 'v1');
      const res = await h.api('DELETE', `/api/v1/admin/terms/${doc.id}`, { token: h.operatorToken() });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('LEGAL_DOC_NOT_SCHEDULED');
      expect(await h.sql('select version from legal_documents')).toEqual([{ version: 'v1' }]);
      expect(await h.sql("select id from audit_records where action like '%CANCELED'")).toEqual([]);
    });

    it('a SUPERSEDED version answers 409 LEGAL_DOC_NOT_SCHEDULED', async () => {
      const v1 = await h.publish('terms', 'v1');
      await h.publish('terms', 'v2');
      const res = await h.api('DELETE', `/api/v1/admin/terms/${v1.id}`, { token: h.operatorToken() });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('LEGAL_DOC_NOT_SCHEDULED');
    });

    it('a scheduled version whose effective time has come answers 409 LEGAL_DOC_NOT_SCHEDULED and stays', async () => {
      const scheduled = await h.publish('terms', 'v2', at(minutes(30)));
      h.clock.advance(minutes(30));
      const res = await h.api('DELETE', `/api/v1/admin/terms/${scheduled.id}`, { token: h.operatorToken() });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('LEGAL_DOC_NOT_SCHEDULED');
      expect(await h.sql('select version, status from legal_documents')).toEqual([{ version: 'v2', status: 'SCHEDULED' }]);
    });

    it('an unknown id, or one of the other kind, answers 404 LEGAL_DOC_NOT_FOUND', async () => {
      const privacy = await h.publish('privacy-policy', 'p2', at(minutes(30)));
      for (const path of [`/api/v1/admin/terms/${newId()}`, `/api/v1/admin/terms/${privacy.id}`]) {
        const res = await h.api('DELETE', path, { token: h.operatorToken() });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('LEGAL_DOC_NOT_FOUND');
      }
      expect(await h.sql('select id from legal_documents')).toEqual([{ id: privacy.id }]);
    });

    it('an id that is not a UUID answers 400 VALIDATION_FAILED and deletes nothing', async () => {
      const scheduled = await h.publish('terms', 'v2', at(minutes(30)));
      const res = await h.api('DELETE', '/api/v1/admin/terms/123', { token: h.operatorToken() });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(await h.sql('select id from legal_documents')).toEqual([{ id: scheduled.id }]);
    });

    it('is for operators only', async () => {
      const scheduled = await h.publish('terms', 'v2', at(minutes(30)));
      const res = await h.api('DELETE', `/api/v1/admin/terms/${scheduled.id}`, { token: h.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: newId() }) });
      expect(res.status).toBe(403);
      expect(await h.sql('select id from legal_documents')).toHaveLength(1);
    });
  });
});
