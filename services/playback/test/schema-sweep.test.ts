import { newId } from '@storecast/service-kit';
import { sweepRoutes, withHarness } from '@storecast/service-kit/testing';
import { musicOf, playlistOf, startHarness } from './harness';

// The kit's schema sweep (testing/schema-sweep.ts): every JSON operation answers what it documents,
// never a 5xx. Real ids of this HQ's stores, devices, music, playlists and commercials are mixed
// in, and its stores have reported plays, so the requests reach the use cases and the database, not
// only the validation.

it('every JSON operation answers what it documents, never a 5xx', () =>
  withHarness(startHarness, async (h) => {
    const t = h.tenant({ name: '서울체인' });
    const devices = [newId(), newId()];
    for (const id of devices) h.organization.setDevice({ id, storeId: t.storeId });
    const music = [musicOf(h, 'TRUST', '봄날'), musicOf(h, 'AI', 'Morning'), musicOf(h, 'TRUST', '😀 song')];
    const storeList = playlistOf(h, t.hqId, music, '매장 플레이리스트');
    const deviceList = playlistOf(h, t.hqId, music.slice(0, 2), 'Device list');
    h.catalog.setStorePlaylist(t.hqId, t.storeId, storeList.id);
    h.catalog.setDevicePlaylist(t.hqId, t.storeId, devices[0]!, deviceList.id);
    h.catalog.setHqDefault(t.hqId, storeList.id);
    const commercial = h.commercials.add({ id: newId(), hqId: t.hqId, title: '봄 세일' });
    // Plays already stored, so the log views, exports and summaries have rows to page, name and total.
    const played = await h.api('POST', '/api/v1/store/playback/report', {
      token: t.storeToken,
      body: {
        state: 'PLAYING',
        currentMusicId: music[0]!.id,
        deviceId: devices[0],
        logs: music.map((m, i) => ({ musicId: m.id, startedAt: `2026-03-01T2${i}:00:00.000Z`, playedMs: 180_000, cacheHit: i % 2 === 0 })),
      },
    });
    expect(played.body).toEqual({ recordedLogCount: 3 });

    await sweepRoutes(h.service.api.routes, {
      call: h.api,
      tokens: { STORE_MANAGER: t.storeToken, HQ_MANAGER: t.hqToken, OPERATOR: h.operatorToken },
      fixtures: {
        hqId: [t.hqId],
        storeId: [t.storeId, t.otherStoreId],
        deviceId: devices,
        musicId: music.map((m) => m.id),
        currentMusicId: music.map((m) => m.id),
        libraryId: [storeList.libraryId!],
        commercialId: [commercial.id],
        // Instants around the harness's clock (2026-03-02 09:00 KST) and at the ends of the accepted
        // range; KST days for the fields a refinement checks: around the clock, and far ones (the
        // week of 9999-12-31 ends in year 10000).
        startedAt: ['2026-03-01T23:50:00.000Z', '2026-03-02T08:59:59.999+09:00', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999+09:00'],
        from: ['2026-03-01', '2026-03-02', '0100-01-01'],
        to: ['2026-03-02', '2026-03-31', '9999-12-31'],
        date: ['2026-03-02', '2026-02-28', '0100-01-01', '9999-12-31'],
      },
      numRuns: 40,
    });
  }),
  600_000,
);
