import { responseDrift } from '@storecast/service-kit/testing';
import { auditOf, email, onboardHq, rows, startHarness, unique, type Harness, type OnboardedHq } from './support/harness';

let h: Harness;
let hq: OnboardedHq;
beforeAll(async () => {
  h = await startHarness();
  hq = await onboardHq(h);
});
afterAll(async () => {
  await h?.stop();
});

const HEADER = '매장명,주소,점주명,점주 이메일,점주 연락처';
const BOM = '\uFEFF';

const upload = (content: string | Buffer, token = hq.token, field = 'file', filename = 'stores.csv') => {
  const form = new FormData();
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), filename);
  return h.api('POST', '/api/v1/hq/stores/bulk', { token, form });
};

const storesNamed = (prefix: string) => rows<{ name: string }>(h, 'select name from stores where name like $1 order by name', [`${prefix}%`]);

describe('GET /api/v1/hq/stores/bulk/template', () => {
  it('serves the CSV template: UTF-8 with BOM and exactly the five Korean column names', async () => {
    // Read as bytes (the BOM is the point), so checked against the documentation here.
    const res = await fetch(`${h.service.httpUrl}/api/v1/hq/stores/bulk/template`, { headers: { authorization: `Bearer ${hq.token}` } });
    expect(responseDrift(h.service.api.routes, 'GET', '/api/v1/hq/stores/bulk/template', res.status, res.headers.get('content-type'), undefined)).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(`${HEADER}\r\n`);
  });
});

describe('POST /api/v1/hq/stores/bulk', () => {
  it('creates one store per row (BOM removed, quoted fields per RFC 4180), accounts for rows with an email, results in input order', async () => {
    const p = unique('bulk-ok');
    const e1 = email('b1');
    const csv = [
      `${BOM}${HEADER}`,
      `${p}-1,"서울 강남구, 101호",김점주,${e1.toUpperCase()},010-1111-2222`,
      `${p}-2,부산,,,`,
      `"${p}-3 ""quoted""",대구,박,,02-123`,
      '',
    ].join('\r\n');
    const setupCallsBefore = h.identity.setupEmailCalls.length;
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 3, successCount: 3, failureCount: 0, managerAccountCreatedCount: 1, setupEmailFailedCount: 0 });
    expect(res.body.results.map((r: { rowNumber: number; storeName: string; status: string }) => [r.rowNumber, r.storeName, r.status])).toEqual([
      [1, `${p}-1`, 'SUCCESS'],
      [2, `${p}-2`, 'SUCCESS'],
      [3, `${p}-3 "quoted"`, 'SUCCESS'],
    ]);
    expect(res.body.results[0]).toEqual({
      rowNumber: 1,
      status: 'SUCCESS',
      storeId: expect.any(String),
      storeName: `${p}-1`,
      errorCode: null,
      errorMessage: null,
      managerAccountCreated: true,
      setupEmailSent: true,
    });
    expect(res.body.results[1]).toMatchObject({ managerAccountCreated: false, setupEmailSent: null });
    const [store] = await rows(h, 'select * from stores where id = $1', [res.body.results[0].storeId]);
    expect(store).toMatchObject({ hq_id: hq.hqId, type: 'FRANCHISE', address: '서울 강남구, 101호', manager_name: '김점주', manager_email: e1, manager_phone: '010-1111-2222' });
    expect(h.identity.byEmail(e1)).toMatchObject({ storeId: res.body.results[0].storeId, role: 'STORE_MANAGER' });
    expect(h.identity.setupEmailCalls.length).toBe(setupCallsBefore + 1);
    expect(await auditOf(h, 'HQ_STORE_CREATED', res.body.results[2].storeId)).toHaveLength(1);
    const [summary] = await rows(h, 'select total_rows, success_count, file_name from bulk_imports where hq_id = $1 order by created_at desc limit 1', [hq.hqId]);
    expect(summary).toEqual({ total_rows: 3, success_count: 3, file_name: 'stores.csv' });
  });

  it('a bad row among good ones fails alone; the others are created; setup emails are sent after all rows', async () => {
    const p = unique('bulk-mixed');
    const taken = email('taken');
    h.identity.seed({ email: taken, role: 'STORE_MANAGER' });
    const ok1 = email('ok1');
    const ok2 = email('ok2');
    h.identity.undeliverable.add(ok2);
    const csv = [
      HEADER,
      `${p}-a,주소,,${ok1},`,
      `,주소 없음 이름,,,`,
      `${p}-c,,,not-an-email,`,
      `${p}-d,,,${taken},`,
      `${p}-e,,,${ok2},`,
      `${p}-f,too,few`,
      `${'x'.repeat(51)},,,,`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 7, successCount: 2, failureCount: 5, managerAccountCreatedCount: 2, setupEmailFailedCount: 1 });
    const summary = res.body.results.map((r: { rowNumber: number; status: string; errorCode: string | null }) => [r.rowNumber, r.status, r.errorCode]);
    expect(summary).toEqual([
      [1, 'SUCCESS', null],
      [2, 'FAILED', 'HQ_STORE_INVALID_FIELD'],
      [3, 'FAILED', 'HQ_STORE_INVALID_FIELD'],
      [4, 'FAILED', 'DUPLICATE_EMAIL'],
      [5, 'SUCCESS', null],
      [6, 'FAILED', 'HQ_STORE_INVALID_FIELD'],
      [7, 'FAILED', 'HQ_STORE_INVALID_FIELD'],
    ]);
    expect(res.body.results[3]).toMatchObject({ storeId: null, storeName: `${p}-d`, managerAccountCreated: false, setupEmailSent: null, errorMessage: expect.not.stringContaining(taken) });
    expect(res.body.results[4]).toMatchObject({ managerAccountCreated: true, setupEmailSent: false });
    expect((await storesNamed(p)).map((s) => s.name)).toEqual([`${p}-a`, `${p}-e`]);
    // Setup emails went out after the last row: both calls come after every CreateManagerAccount of the file.
    const a1 = h.identity.byEmail(ok1)!.id;
    const a2 = h.identity.byEmail(ok2)!.id;
    const lastCreate = h.identity.createCalls.map((c) => String(c.email)).lastIndexOf(ok2);
    expect(lastCreate).toBeGreaterThan(-1);
    expect(h.identity.setupEmailCalls.slice(-2)).toEqual([a1, a2]);
  });

  it('ignores fully blank records and numbers rows from 1 after the header', async () => {
    const p = unique('bulk-blank');
    const res = await upload([HEADER, `${p}-1,,,,`, ',,,,', '', `${p}-2,,,,`].join('\n'));
    expect(res.body.results.map((r: { rowNumber: number; storeName: string }) => [r.rowNumber, r.storeName])).toEqual([
      [1, `${p}-1`],
      [2, `${p}-2`],
    ]);
  });

  describe('file problems answer 400 HQ_STORE_BULK_INVALID_FILE before any row is processed', () => {
    const rejects = async (content: string | Buffer, prefix: string) => {
      const calls = h.identity.createCalls.length;
      const res = await upload(content);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('HQ_STORE_BULK_INVALID_FILE');
      expect(await storesNamed(prefix)).toHaveLength(0);
      expect(h.identity.createCalls.length).toBe(calls);
    };

    it('a wrong header (order, names or count)', async () => {
      const p = unique('bulk-hdr');
      await rejects(`주소,매장명,점주명,점주 이메일,점주 연락처\n${p},a,b,${email('h')},c`, p);
      await rejects(`store,address,owner,email,phone\n${p},a,b,c,d`, p);
      await rejects(`매장명,주소,점주명,점주 이메일\n${p},a,b,c`, p);
    });

    it('an empty file or a header without rows', async () => {
      await rejects('', 'none');
      await rejects(`${BOM}${HEADER}\r\n`, 'none');
    });

    it('more than 1000 rows', async () => {
      const p = unique('bulk-big');
      const lines = [HEADER, ...Array.from({ length: 1001 }, (_, i) => `${p}-${i},,,,`)];
      await rejects(lines.join('\n'), p);
    });

    it('an unparsable CSV (unterminated quote) or text that is not UTF-8', async () => {
      const p = unique('bulk-bad');
      await rejects(`${HEADER}\n"${p},a,b,c,d`, p);
      await rejects(Buffer.concat([Buffer.from(`${HEADER}\n`, 'utf8'), Buffer.from([0xb0, 0xa1, 0x2c, 0x2c, 0x2c, 0x2c, 0x0a])]), p);
    });

    it('no part named "file"', async () => {
      const res = await upload(`${HEADER}\nx,,,,`, hq.token, 'upload');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('HQ_STORE_BULK_INVALID_FILE');
      const noMultipart = await h.api('POST', '/api/v1/hq/stores/bulk', { token: hq.token, body: { file: 'x' } });
      expect(noMultipart.body.error.code).toBe('HQ_STORE_BULK_INVALID_FILE');
    });
  });

  it('exactly 1000 rows are accepted', async () => {
    const p = unique('bulk-1000');
    const lines = [HEADER, ...Array.from({ length: 1000 }, (_, i) => `${p}-${String(i).padStart(4, '0')},,,,`)];
    const res = await upload(lines.join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 1000, successCount: 1000 });
    expect(res.body.results.at(-1).rowNumber).toBe(1000);
    expect(await storesNamed(p)).toHaveLength(1000);
  }, 60_000);

  it('a file over the size limit answers 413', async () => {
    const res = await upload(`${HEADER}\n${'x'.repeat(300 * 1024)},,,,`);
    expect(res.status).toBe(413);
  });

  it('a suspended HQ gets 403 AUTH_HQ_SUSPENDED', async () => {
    const suspended = await onboardHq(h);
    await h.api('POST', `/api/v1/admin/hq/${suspended.hqId}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    const res = await upload(`${HEADER}\nx,,,,`, suspended.token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('AUTH_HQ_SUSPENDED');
  });
});
