import { sweepGrpc, sweepRoutes, withHarness } from '@storecast/service-kit/testing';
import { createOrganizationClient, createOrganizationStatsClient, createStoreDeviceBatchClient, createStoreDeviceClient, organizationProto } from '@storecast/proto';
import { createHqStore, issueStoreManager, onboardHq, startHarness, unique } from './support/harness';

// The kit's schema sweep (testing/schema-sweep.ts): every JSON operation answers what it documents,
// never a 5xx. Real ids of HQs, stores, devices and playlists are mixed in, so the requests reach
// the use cases and the database, not only the validation.

it('every JSON operation answers what it documents, never a 5xx, and every gRPC method OK or a platform error', () =>
  withHarness(startHarness, async (h) => {
    // The HQ and the store whose managers' tokens the sweep uses: never under an operator's status
    // move or deletion (a suspended, closed or deleted store or HQ would answer 403 to every later
    // store-mode or HQ-mode request), so neither is among the `storeId` and HQ `id` fixtures below.
    const hq = await onboardHq(h, { name: '서울체인', businessNumber: '123-45-67890' });
    const home = (await createHqStore(h, hq, { name: '강남점', address: '서울 강남구', managerPhone: '010-0000-0000' })).store;
    const storeToken = (await issueStoreManager(h, home.id, hq.hqId)).token;
    const devices = await Promise.all(
      ['카운터', 'Kitchen 😀'].map(async (label) => (await h.api('POST', '/api/v1/store/devices', { token: storeToken, body: { deviceKey: unique('key'), label } })).body as { id: string }),
    );
    const playlists = [h.catalog.addPlaylist(hq.hqId, { name: '매장 음악' }), h.catalog.addPlaylist(hq.hqId)];

    // What the operator's and the HQ manager's status moves, issuances and deletions act on: other
    // stores of the same HQ, an ACTIVE and an ONBOARDING HQ with a store, and an independent store.
    const others = [(await createHqStore(h, hq, { name: '부산점' })).store, (await createHqStore(h, hq, { name: '=HYPERLINK("x")' })).store];
    const active = await onboardHq(h, { name: 'Other HQ' });
    const onboarding = await onboardHq(h, { name: '온보딩 본사', activate: false });
    const activeStore = (await createHqStore(h, active)).store;
    const independent = (
      await h.api('POST', '/api/v1/admin/stores/independent', {
        token: h.operatorToken,
        body: { store: { name: '개인 매장', plan: 'AI', billingAnchorDay: 31 } },
      })
    ).body as { storeId: string };
    const storeIds = [...others.map((s) => s.id), activeStore.id, independent.storeId];

    const options = {
      call: h.api,
      tokens: { OPERATOR: h.operatorToken, HQ_MANAGER: hq.token, STORE_MANAGER: storeToken },
      fixtures: {
        // `id` is an HQ's on /admin/hq/{id}, a store's on /admin/stores/{id} and /hq/stores/{id}
        // (the latter edit contact values and settings only, so the home store is among them).
        id: [active.hqId, onboarding.hqId, home.id, ...storeIds],
        storeId: storeIds,
        hqId: [hq.hqId, active.hqId, onboarding.hqId],
        deviceId: devices.map((d) => d.id),
        playlistId: playlists.map((p) => p.id),
        businessNumber: ['123-45-67890', '000-00-00000'],
        // The list filters, enumerations checked by a transform (no type the generator sees).
        status: ['ACTIVE', 'ONBOARDING', 'UNPAID', 'SUSPENDED', 'CLOSED'],
        type: ['FRANCHISE', 'INDEPENDENT'],
        plan: ['AI', 'TRUST'],
        // Sign-in emails of the accounts the onboardings and issuances create (a repeat answers 409
        // DUPLICATE_EMAIL): the schema's email check sits behind a pipe, so its generated strings
        // are rarely addresses.
        email: Array.from({ length: 40 }, (_, i) => `sweep-${i}-${unique('m').toLowerCase()}@example.com`),
      },
      numRuns: 30,
    };
    // The gRPC methods (OK or a platform error, never INTERNAL), while every fixture still exists.
    const address = `127.0.0.1:${h.service.grpcPort}`;
    const peers = [createOrganizationClient(address), createStoreDeviceClient(address), createStoreDeviceBatchClient(address), createOrganizationStatsClient(address)];
    try {
      for (const client of peers) {
        await sweepGrpc({ client, types: organizationProto(), fixtures: { ...options.fixtures, storeIds: [home.id, ...storeIds], region: ['SEOUL', 'BUSAN'] }, numRuns: 60 });
      }
    } finally {
      for (const peer of peers) peer.close();
    }
    // The irreversible operations (closing a store, deletions) are swept last: the kit orders routes
    // by method only, and a store closed by the POSTs before them would refuse every issuance of a
    // manager (409 STORE_ALREADY_CLOSED), so those would never reach identity.
    const irreversible = ['closeStore', 'deleteHq', 'deleteStore', 'revokeStoreDevice'];
    await sweepRoutes(h.service.api.routes, { ...options, skip: irreversible });
    await sweepRoutes(h.service.api.routes, { ...options, only: irreversible });
  }),
  600_000,
);
