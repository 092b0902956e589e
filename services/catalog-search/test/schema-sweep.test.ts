import { sweepGrpc, sweepRoutes, withHarness } from '@storecast/service-kit/testing';
import { catalogProto, createCatalogClient } from '@storecast/proto';
import { generateCatalog, seedCatalog } from '../eval/catalog-seed';
import { startHarness } from './support/harness';
import { mp3Form, sineMp3 } from './support/mp3';

// Property, for every JSON operation: requests generated from the route's own schemas — values at
// their bounds, Korean and astral text, formula-leading cells, integers up to 2^53, dates from year
// 1 to 9999, and now and then a wrong type or a hostile string — always get an answer the route
// documents, never a 5xx (spec 01's legacy shape on the public catalog and search API). Real ids of
// uploaded and seeded music, tag options, libraries, playlists and this HQ's store and device are
// mixed in, so the requests reach the use cases and the database, not only the validation.

it('every JSON operation answers what it documents, never a 5xx, and every gRPC method OK or a platform error', () =>
  withHarness(startHarness, async (h) => {
    const op = { token: h.operator };
    const hqId = h.organization.addHq({ name: '서울체인', plan: 'TRUST' }).id;
    const storeId = h.organization.addStore(hqId, { name: '강남점' }).id;
    const closedStoreId = h.organization.addStore(hqId, { name: '폐점한 매장', closedAt: '2026-11-01T00:00:00.000Z' }).id;
    const deviceId = h.organization.addDevice(storeId).id;
    const hqToken = h.token('HQ_MANAGER', { hqId });

    // A tagged catalog (genres, moods — one of them Korean — and tracks carrying them) for the
    // public catalog, the search API and the tag options, plus a mood the operator deactivated
    // after tagging a music with it (it stays there, it cannot be newly assigned)…
    const seeded = generateCatalog(24);
    const tagIds = await seedCatalog(h.service.ctx.pool, seeded);
    const genreIds = [...tagIds].filter(([key]) => key.startsWith('GENRE:')).map(([, id]) => id);
    const retired = (await h.call('POST', '/api/v1/admin/tags', { ...op, body: { type: 'MOOD', value: '지난 시즌' } })).body.id as string;
    const moodIds = [...[...tagIds].filter(([key]) => key.startsWith('MOOD:')).map(([, id]) => id).slice(0, 3), retired];
    // …and music uploaded as an operator does, of both sources, tagged through the API but one.
    const uploaded: string[] = [];
    for (const [title, source] of [['봄날의 산책', 'AI'], ['Morning Coffee', 'TRUST'], ['😀 Party', 'AI'], ['Not tagged yet', 'AI']] as const) {
      const res = await h.call('POST', `/api/v1/admin/music?title=${encodeURIComponent(title)}&durationSeconds=182.5&musicSource=${source}`, { ...op, form: mp3Form(sineMp3()) });
      expect(res.status).toBe(201);
      uploaded.push(res.body.id);
      if (uploaded.length < 4) expect((await h.call('PUT', `/api/v1/admin/music/${res.body.id}/tags`, { ...op, body: { genreId: genreIds[0], moodIds } })).status).toBe(200);
    }
    expect((await h.call('DELETE', `/api/v1/admin/tags/${retired}`, op)).status).toBe(204);
    const musicIds = [...uploaded, seeded[0]!.id, seeded[1]!.id];

    const library = async (name: string, type: 'AI' | 'TRUST', ids: string[]) => {
      const created = await h.call('POST', '/api/v1/admin/libraries', { ...op, body: { name, type } });
      if (ids.length) expect((await h.call('POST', `/api/v1/admin/libraries/${created.body.id}/music`, { ...op, body: { musicIds: ids } })).status).toBe(200);
      return created.body.id as string;
    };
    const libraryIds = [
      await library('AI 라이브러리', 'AI', [uploaded[0]!, uploaded[2]!, seeded[0]!.id]),
      await library('Empty AI', 'AI', []),
      await library('Trust library', 'TRUST', [uploaded[1]!]),
    ];

    const playlist = async (name: string) => {
      const created = await h.call('POST', '/api/v1/admin/playlists', { ...op, body: { hqId, name } });
      await h.call('PUT', `/api/v1/admin/playlists/${created.body.id}/libraries`, { ...op, body: { libraryIds } });
      return created.body.id as string;
    };
    const playlistIds = [await playlist('매장 플레이리스트'), await playlist('Device list')];
    await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { ...op, body: { playlistId: playlistIds[0] } });
    await h.call('PUT', `/api/v1/admin/playlists/stores/${storeId}`, { ...op, body: { playlistId: playlistIds[0] } });
    const assigned = await h.call('PUT', `/api/v1/admin/playlists/stores/${storeId}/devices/${deviceId}`, { ...op, body: { playlistId: playlistIds[1] } });
    expect(assigned.body).toMatchObject({ activePlaylist: { id: playlistIds[0] }, hqDefault: { id: playlistIds[0] }, devices: [{ deviceId, playlist: { id: playlistIds[1] } }] });

    const fixtures = {
      musicId: musicIds,
      musicIds,
      music_id: musicIds,
      genreId: genreIds.slice(0, 3),
      moodIds,
      libraryIds,
      hqId: [hqId],
      playlistId: playlistIds,
      storeId: [storeId, closedStoreId],
      deviceId: [deviceId],
      query_text: ['잔잔한 카페 음악', 'calm piano for a rainy morning', '신나는 음악 말고'],
      // Spec 01's catalog queries (z.unknown() transforms, typed for OpenAPI only): values a client
      // sends, so the pages are read, not only refused. `id` is the music pass's ids.
      take: ['1', '20', '100'],
      skip: ['0', '3', '100000'],
      genre: ['jazz', 'pop', 'Jazz'],
      mood: ['Calm', 'calm', 'Happy'],
      duration_start: ['0', '60', '180'],
      duration_end: ['240', '600'],
      created_at: ['2026-11-05T00:00:00.123Z', '1970-01-01T00:00:00.000Z'],
    };

    // The gRPC methods (OK or a platform error, never INTERNAL), before the passes below delete the fixtures.
    const client = createCatalogClient(`127.0.0.1:${h.service.grpcPort}`);
    try {
      await sweepGrpc({ client, types: catalogProto(), fixtures: { ...fixtures, ids: musicIds, plan: ['AI', 'TRUST'] }, numRuns: 60 });
    } finally {
      client.close();
    }

    // `{id}` names a playlist, a library, a music or a tag option depending on the path: one pass per
    // kind, each with that kind's ids, so a generated id names what its route looks for. Each pass
    // deletes its own fixtures at its end, so: playlists first (they use the libraries), removing a
    // library's music before the libraries are deleted, libraries (they use the music), music with
    // the public catalog and search, tag options last.
    const kindOf = (path: string) =>
      path.includes('playlist')
        ? 'playlist'
        : path.endsWith('/music/{musicId}')
          ? 'library music'
          : path.includes('/libraries')
            ? 'library'
            : path.startsWith('/api/v1/admin/tags')
              ? 'tag'
              : 'music';
    const passes = {
      playlist: playlistIds,
      'library music': libraryIds,
      library: libraryIds,
      music: musicIds,
      tag: [...genreIds.slice(0, 3), ...moodIds],
    };
    for (const [kind, ids] of Object.entries(passes)) {
      await sweepRoutes(h.service.api.routes, {
        call: h.call,
        tokens: { OPERATOR: h.operator, HQ_MANAGER: hqToken },
        fixtures: { ...fixtures, id: ids },
        only: h.service.api.routes.filter((r) => kindOf(r.path) === kind).map((r) => r.operationId),
        numRuns: 40,
      });
    }
  }),
  600_000,
);
