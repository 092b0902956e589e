import { newId } from '@storecast/service-kit';
import { minutes, startHarness, T0, type Harness } from './harness';

describe('the current document, decided at read time', () => {
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
  const active = (kind: 'terms' | 'privacy-policy') => h.api('GET', `/api/v1/${kind}/active`);

  it('before anything is published, the public reads answer 404 TERMS_NOT_PUBLISHED and PRIVACY_NOT_PUBLISHED', async () => {
    const terms = await active('terms');
    expect(terms.status).toBe(404);
    expect(terms.body).toEqual({ success: false, error: { code: 'TERMS_NOT_PUBLISHED', message: expect.any(String) } });
    const privacy = await active('privacy-policy');
    expect(privacy.status).toBe(404);
    expect(privacy.body.error.code).toBe('PRIVACY_NOT_PUBLISHED');
  });

  it('a version that is only scheduled is not published yet: still 404', async () => {
    await h.publish('terms', 'v1', at(minutes(10)));
    expect((await active('terms')).body.error.code).toBe('TERMS_NOT_PUBLISHED');
  });

  it('the public read needs no token and answers the current document with content and status ACTIVE', async () => {
    const doc = await h.publish('privacy-policy', 'p1');
    const res = await active('privacy-policy');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: doc.id, version: 'p1', content: '# privacy-policy p1', publishedAt: T0.toISOString(), effectiveAt: T0.toISOString(), status: 'ACTIVE' });
  });

  it('a scheduled version becomes current purely by time, and the public read reports it ACTIVE while its snapshot stays SCHEDULED', async () => {
    await h.publish('terms', 'v1');
    const v2 = await h.publish('terms', 'v2', at(minutes(60)));

    h.clock.set(at(minutes(60) - 1));
    expect((await active('terms')).body).toMatchObject({ version: 'v1', status: 'ACTIVE' });
    expect(await h.call('getActiveVersions', {})).toEqual({ termsVersion: 'v1' });

    h.clock.set(at(minutes(60)));
    expect((await active('terms')).body).toEqual({
      id: v2.id,
      version: 'v2',
      content: '# terms v2',
      publishedAt: T0.toISOString(),
      effectiveAt: at(minutes(60)).toISOString(),
      status: 'ACTIVE',
    });
    expect(await h.call('getActiveVersions', {})).toEqual({ termsVersion: 'v2' });
    // The stored status is a snapshot taken at publication.
    const detail = await h.api('GET', `/api/v1/admin/terms/${v2.id}`, { token: h.operatorToken() });
    expect(detail.body.status).toBe('SCHEDULED');
  });

  it('an immediate publication after a schedule came into effect supersedes both earlier snapshots, leaving one ACTIVE', async () => {
    await h.publish('terms', 'v1');
    await h.publish('terms', 'v2', at(minutes(5)));
    await h.publish('terms', 'v4', at(minutes(500)));
    h.clock.set(at(minutes(10)));
    await h.publish('terms', 'v3');
    expect(await h.sql("select version, status from legal_documents where kind = 'TERMS' order by version")).toEqual([
      { version: 'v1', status: 'SUPERSEDED' },
      { version: 'v2', status: 'SUPERSEDED' },
      { version: 'v3', status: 'ACTIVE' },
      { version: 'v4', status: 'SCHEDULED' },
    ]);
    expect((await active('terms')).body.version).toBe('v3');
  });

  it('publishing one kind never touches the other kind', async () => {
    await h.publish('privacy-policy', 'p1');
    await h.publish('terms', 't1');
    await h.publish('terms', 't2');
    expect(await h.sql("select version, status from legal_documents where kind = 'PRIVACY_POLICY'")).toEqual([{ version: 'p1', status: 'ACTIVE' }]);
  });

  describe('concurrent publications', () => {
    const consistency = async (kind: 'TERMS' | 'PRIVACY_POLICY', path: 'terms' | 'privacy-policy') => {
      const rows = await h.sql<{ id: string; version: string; status: string }>(
        'select id, version, status from legal_documents where kind = $1 order by effective_at desc, id desc',
        [kind],
      );
      const activeRows = rows.filter((r) => r.status === 'ACTIVE');
      expect(activeRows).toHaveLength(1);
      // The ACTIVE snapshot is the document the read-time rule calls current ...
      expect(activeRows[0]!.id).toBe(rows[0]!.id);
      expect((await active(path)).body.id).toBe(rows[0]!.id);
      // ... and every other immediate publication is SUPERSEDED.
      expect(rows.slice(1).every((r) => r.status === 'SUPERSEDED')).toBe(true);
      return rows;
    };

    it('ten parallel publications of distinct versions leave exactly one current document and consistent snapshots', async () => {
      const token = h.operatorToken();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          h.api('POST', '/api/v1/admin/terms', { token, body: { version: `race-${i}`, content: `# ${i}` } }),
        ),
      );
      for (const r of results) {
        // Serialized by the per-kind lock: each one succeeds and supersedes the one before;
        // a conflict would only ever be the spec's activation code, never a 500.
        expect([200, 409]).toContain(r.status);
        if (r.status === 409) expect(r.body.error.code).toBe('LEGAL_DOC_ACTIVATION_CONFLICT');
      }
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      const rows = await consistency('TERMS', 'terms');
      expect(rows).toHaveLength(ok.length);
      expect(await h.sql("select id from outbox where routing_key = 'legal.document.published'")).toHaveLength(ok.length);
    });

    it('parallel publications run on a moving clock too, for both kinds at once', async () => {
      const token = h.operatorToken();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          h.clock.advance(7);
          const path = i % 2 === 0 ? 'terms' : 'privacy-policy';
          return h.api('POST', `/api/v1/admin/${path}`, { token, body: { version: `m-${i}`, content: 'x' } });
        }),
      );
      expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
      await consistency('TERMS', 'terms');
      await consistency('PRIVACY_POLICY', 'privacy-policy');
    });

    it('ten parallel publications of the same version: one succeeds, the others answer 409 LEGAL_DOC_DUPLICATE_VERSION', async () => {
      const token = h.operatorToken();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => h.api('POST', '/api/v1/admin/privacy-policy', { token, body: { version: 'same', content: 'x' } })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const rejected = results.filter((r) => r.status !== 200);
      expect(rejected).toHaveLength(9);
      expect(rejected.every((r) => r.status === 409 && r.body.error.code === 'LEGAL_DOC_DUPLICATE_VERSION')).toBe(true);
      expect(await h.sql('select version, status from legal_documents')).toEqual([{ version: 'same', status: 'ACTIVE' }]);
    });

    it('the database itself refuses a second ACTIVE snapshot of a kind', async () => {
      await h.publish('terms', 'v1');
      await expect(
        h.sql(
          "insert into legal_documents (id, kind, version, content, status, published_at, effective_at) values ($1, 'TERMS', 'sneaky', 'x', 'ACTIVE', now(), now())",
          [newId()],
        ),
      ).rejects.toMatchObject({ code: '23505', constraint: 'legal_documents_one_active_uq' });
    });
  });
});
