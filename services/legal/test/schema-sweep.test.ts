import { newId } from '@storecast/service-kit';
import { sweepGrpc, sweepRoutes, withHarness } from '@storecast/service-kit/testing';
import { createLegalClient, legalProto } from '@storecast/proto';
import { minutes, startHarness, T0 } from './harness';

// The kit's schema sweep (testing/schema-sweep.ts): every JSON operation answers what it documents,
// never a 5xx. Real ids of published and scheduled terms and privacy policies, of an HQ with
// consents, and the current versions are mixed in, so the requests reach the use cases and the
// database, not only the validation.

it('every JSON operation answers what it documents, never a 5xx', () =>
  withHarness(startHarness, async (h) => {
    const hq = h.addHq('서울체인');
    const hqManager = h.addAccount({ role: 'HQ_MANAGER', hqId: hq.id, name: '김민지' });
    const storeId = newId();
    const storeManager = h.addAccount({ role: 'STORE_MANAGER', hqId: hq.id, storeId, name: '이매장 😀' });
    const hqToken = h.sign({ sub: hqManager, role: 'HQ_MANAGER', hqId: hq.id });
    const storeToken = h.sign({ sub: storeManager, role: 'STORE_MANAGER', hqId: hq.id, storeId });

    // Superseded, current and scheduled versions of both kinds (the schedules are the ones the
    // cancel operations can delete), and the HQ's consents to the current ones.
    const documents = [
      await h.publish('terms', 't-2025'),
      await h.publish('terms', 't-2026'),
      await h.publish('privacy-policy', 'p-2026'),
      ...(await Promise.all([1, 2, 3].map((d) => h.publish('terms', `t-next-${d}`, new Date(T0.getTime() + d * minutes(24 * 60)))))),
      ...(await Promise.all([1, 2, 3].map((d) => h.publish('privacy-policy', `p-next-${d}`, new Date(T0.getTime() + d * minutes(24 * 60)))))),
    ];
    expect((await h.api('POST', '/api/v1/legal/terms/agree', { token: hqToken, body: { version: 't-2026' } })).status).toBe(204);
    expect((await h.api('POST', '/api/v1/legal/privacy/agree', { token: storeToken, body: { version: 'p-2026' } })).status).toBe(204);

    const options = {
      call: h.api,
      tokens: { HQ_MANAGER: hqToken, STORE_MANAGER: storeToken, OPERATOR: h.operatorToken() },
      fixtures: {
        // `id` is a document's id on /admin/{kind}/{id} and the HQ's on /admin/hq/{id}/consents.
        id: [...documents.map((d) => d.id), hq.id],
        version: ['t-2026', 'p-2026', 't-2025', 'p-next-1'],
        // Instants around the harness's clock (T0 = 2026-05-01T03:00Z): now, within the 60 s
        // tolerance, scheduled ahead, too far back, and the last day of year 9999 at an offset
        // that puts it in year 10000 UTC.
        effectiveAt: ['2026-05-01T03:00:30.000Z', '2026-05-01T12:00:30+09:00', '2026-06-01T00:00:00.000Z', '2026-04-30T00:00:00Z', '9999-12-31T23:59:59-09:00'],
      },
      numRuns: 40,
    };
    // The agreements are swept first, while t-2026 and p-2026 are current: each publication below
    // makes its generated version the current one, which no fixture can name.
    const agreements = ['agreeToTerms', 'agreeToPrivacyPolicy'];
    await sweepRoutes(h.legal.api.routes, { ...options, only: agreements });
    await sweepRoutes(h.legal.api.routes, { ...options, skip: agreements });
  }),
  600_000,
);

it('every gRPC method answers OK or a platform error, never INTERNAL', () =>
  withHarness(startHarness, async (h) => {
    const hq = h.addHq('서울체인');
    const storeId = newId();
    const hqManager = h.addAccount({ role: 'HQ_MANAGER', hqId: hq.id, name: '김민지' });
    const storeManager = h.addAccount({ role: 'STORE_MANAGER', hqId: hq.id, storeId, name: '이매장' });
    await h.publish('terms', 't-2026');
    await h.publish('privacy-policy', 'p-2026');
    const client = createLegalClient(`127.0.0.1:${h.legal.grpcPort}`);
    await sweepGrpc({
      client,
      types: legalProto(),
      fixtures: {
        accountId: [hqManager, storeManager],
        hqId: [hq.id],
        storeId: [storeId],
        role: ['HQ_MANAGER', 'STORE_MANAGER', 'OPERATOR'],
        termsVersion: ['t-2026'],
        privacyPolicyVersion: ['p-2026'],
      },
      numRuns: 60,
    }).finally(() => client.close());
  }),
  600_000,
);
