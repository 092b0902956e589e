import { sweepGrpc, sweepRoutes, withHarness } from '@storecast/service-kit/testing';
import { commercialsProto, createCommercialClient } from '@storecast/proto';
import { announcementBody, startHarness } from './support/harness';

// The kit's schema sweep (testing/schema-sweep.ts): every JSON operation answers what it documents,
// never a 5xx. Real ids of this HQ's stores, announcement and dispatches are mixed in, so the
// requests reach the use cases and the database, not only the validation.

it('every JSON operation answers what it documents, never a 5xx', () =>
  withHarness(startHarness, async (h) => {
    const stores = [h.peers.addStore(h.hqId, { name: '강남점', region: 'SEOUL' }), h.peers.addStore(h.hqId, { name: '부산점', region: 'BUSAN' })];
    const announcement = (await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() })).body as { id: string };
    const dispatched = (await h.api('POST', `/api/v1/hq/announcements/${announcement.id}/dispatches`, { token: h.hqToken, body: { target: 'ALL' } })).body as { dispatchIds: string[] };
    const schedule = (
      await h.api('POST', `/api/v1/hq/announcements/${announcement.id}/schedules`, {
        token: h.hqToken,
        body: { target: 'ALL', frequency: 'DAILY', times: ['10:00'], startDate: '2026-03-10', endDate: '2026-03-12' },
      })
    ).body as { id: string };
    const storeToken = h.storeToken(stores[0]!.id);
    const template = (await h.api('POST', '/api/v1/store/broadcast-templates', { token: storeToken, body: { name: '오픈', text: '매장 오픈했습니다.', voice: 'SHEAN' } })).body as { id: string };
    await sweepRoutes(h.service.api.routes, {
      call: h.api,
      tokens: { HQ_MANAGER: h.hqToken, STORE_MANAGER: storeToken, OPERATOR: h.operatorToken() },
      fixtures: {
        storeId: stores.map((s) => s.id),
        storeIds: stores.map((s) => s.id),
        announcementId: [announcement.id],
        dispatchId: dispatched.dispatchIds,
        scheduleId: [schedule.id],
        templateId: [template.id],
        region: ['SEOUL', 'BUSAN'],
        // KST dates around the harness's clock (T0 = 2026-03-10), for the date fields a refinement checks.
        date: ['2026-03-10', '2026-03-11'],
        startDate: ['2026-03-10', '2026-03-11'],
        endDate: ['2026-03-12', '2026-04-10'],
        times: ['10:00', '23:30'],
      },
      numRuns: 25,
    });
  }),
  600_000,
);

it('every gRPC method answers OK or a platform error, never INTERNAL', () =>
  withHarness(startHarness, async (h) => {
    const client = createCommercialClient(`127.0.0.1:${h.service.grpcPort}`);
    try {
      await sweepGrpc({ client, types: commercialsProto(), fixtures: { hqId: [h.hqId] }, numRuns: 60 });
    } finally {
      client.close();
    }
  }),
  600_000,
);
