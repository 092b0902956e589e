import { sweepRoutes, withHarness } from '@storecast/service-kit/testing';
import { form, pdf, png } from './files';
import { startHarness } from './harness';

// The kit's schema sweep (testing/schema-sweep.ts): every JSON operation answers what it documents,
// never a 5xx. Real ids of this HQ's and its store's tickets (with comments and attachments), of
// the HQ, its stores and an operator are mixed in, so the requests reach the use cases and the
// database, not only the validation. The attachment uploads are multipart: the kit leaves them to
// test/attachments.test.ts.

it('every JSON operation answers what it documents, never a 5xx', () =>
  withHarness(startHarness, async (h) => {
    const t = h.tenant('강남커피');
    const post = async (path: string, token: string, body: Record<string, unknown>) => {
      const res = await h.api('POST', path, { token, body });
      expect(res.status).toBe(201);
      return res.body as { id: string };
    };
    const attach = async (path: string, token: string, file: Buffer, name: string) => {
      const res = await h.api('POST', path, { token, form: form(file, name, 'application/octet-stream') });
      expect(res.status).toBe(201);
      return (res.body as { attId: string }).attId;
    };
    // A ticket of each channel with a comment and an attachment: two of the store, two of the HQ, one
    // an operator filed for the store (status changes and closes of the sweep leave some open; a
    // ticket of the other store, of the HQ filed by an operator and of nobody are in the lists). Few
    // ids, so that a generated (id, attId) pair is often a ticket and one of its attachments.
    const ids = [
      (await post('/api/v1/store/tickets', t.storeToken, { title: '음악이 안 나와요', body: '오늘 아침부터 재생이 멈췄습니다.', category: 'PLAYBACK' })).id,
      (await post('/api/v1/store/tickets', t.storeToken, { title: 'Invoice', body: 'March invoice', category: 'BILLING' })).id,
      (await post('/api/v1/hq/tickets', t.hqToken, { title: '본사 문의', body: '계약 갱신', category: 'ACCOUNT' })).id,
      (await post('/api/v1/hq/tickets', t.hqToken, { title: 'HQ billing', body: 'b', category: 'BILLING' })).id,
      (await post('/api/v1/admin/tickets', h.operatorToken, { title: 'Check store', body: 'Player offline', priority: 'HIGH', storeId: t.storeId })).id,
    ];
    await post('/api/v1/store/tickets', t.otherStoreToken, { title: 'Other store', body: 'b', category: 'OTHER' });
    await post('/api/v1/admin/tickets', h.operatorToken, { title: 'HQ note', body: 'b', priority: 'LOW', hqId: t.hqId });
    await post('/api/v1/admin/tickets', h.operatorToken, { title: 'Platform note', body: 'b', priority: 'NORMAL' });
    const [s1, s2, h1, h2, a1] = ids as [string, string, string, string, string];
    await post(`/api/v1/admin/tickets/${s1}/comments`, h.operatorToken, { kind: 'REPLY', body: '확인 중입니다.' });
    await post(`/api/v1/admin/tickets/${a1}/comments`, h.operatorToken, { kind: 'INTERNAL', body: 'internal note' });
    await post(`/api/v1/hq/store-tickets/${s2}/comments`, t.hqToken, { body: '본사에서 확인했습니다.' });
    await post(`/api/v1/store/tickets/${s2}/comments`, t.storeToken, { body: '감사합니다' });
    await post(`/api/v1/hq/tickets/${h1}/comments`, t.hqToken, { body: 'more' });
    await post(`/api/v1/admin/tickets/${h2}/comments`, h.operatorToken, { kind: 'REPLY', body: 'answer' });
    // Resolved tickets, which their requesters may close (only a RESOLVED ticket closes).
    for (const id of [s2, h2]) {
      for (const status of ['IN_PROGRESS', 'RESOLVED']) {
        expect((await h.api('PATCH', `/api/v1/admin/tickets/${id}/status`, { token: h.operatorToken, body: { status } })).status).toBe(200);
      }
    }
    const attIds = [
      await attach(`/api/v1/store/tickets/${s1}/attachments`, t.storeToken, png(), '화면.png'),
      await attach(`/api/v1/hq/store-tickets/${s2}/attachments`, t.hqToken, pdf(), 'reply.pdf'),
      await attach(`/api/v1/hq/tickets/${h1}/attachments`, t.hqToken, pdf(), 'contract.pdf'),
      await attach(`/api/v1/admin/tickets/${h2}/attachments`, h.operatorToken, png(), 'answer.png'),
      await attach(`/api/v1/admin/tickets/${a1}/attachments`, h.operatorToken, png(), 'store.png'),
    ];

    await sweepRoutes(h.service.api.routes, {
      call: h.api,
      tokens: { STORE_MANAGER: t.storeToken, HQ_MANAGER: t.hqToken, OPERATOR: h.operatorToken },
      fixtures: {
        id: ids,
        attId: attIds,
        hqId: [t.hqId],
        storeId: [t.storeId, t.otherStoreId],
        assigneeOperatorId: [h.operatorId],
        // Statuses mostly short of CLOSED, so the status changes leave tickets RESOLVED for the closes.
        status: ['IN_PROGRESS', 'RESOLVED'],
      },
      numRuns: 60,
    });
  }),
  600_000,
);
