import type { Router } from 'express';
import { badRequest, type ServiceApi } from '@storecast/service-kit';
import type { PlaybackContext } from '../app/ports';
import { readStoreQueue } from '../app/read-store-queue.use-case';
import { reportPlayback } from '../app/report-playback.use-case';
import { isReportedState } from '../domain/playback-state';
import { toQueueResponse } from './playback-dto';
import { PlaybackReportRequest, PlaybackReportResponse, StoreQueueQuery, StoreQueueResponse } from './playback.schemas';

const auth = { roles: ['STORE_MANAGER'] } as const;
const tags = ['Store playback'];

/** The store player's side (spec 03 § Store delivery): its queue and its reports. */
export const storePlaybackRouter = (api: ServiceApi, ctx: PlaybackContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/playback/queue',
    operationId: 'getStorePlaybackQueue',
    summary: 'The store\'s play queue: plan-filtered music of the resolved playlist with commercial overlays after every N songs played',
    description:
      'Playlist: the valid device\'s own, else the store\'s active one, else the HQ default (source DEFAULT), else none (empty). ' +
      'A COMMERCIAL item is an overlay, not a music slot. Commercials are placed by the songs the store reported played: the first after ' +
      'songsUntilCommercial MUSIC items, then one after every commercialCycleSongs; picks go round-robin in ascending id from the last commercial reported played. ' +
      'The read changes nothing: reading again answers the same commercials until plays are reported.',
    tags,
    auth,
    query: StoreQueueQuery,
    response: { status: 200, description: 'The queue', schema: StoreQueueResponse },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query }) => toQueueResponse(await readStoreQueue(ctx, principal, { deviceId: query.deviceId })),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/playback/report',
    operationId: 'reportStorePlayback',
    summary: 'Report the player\'s state and the plays since the last report (at most 200 logs)',
    description:
      'Updates the state and last-signal time of the store (or of the valid device). Logs are stored once per (store or device, musicId, startedAt); ' +
      'logs of unknown music are skipped. Each newly stored log counts toward the store\'s next commercial. commercialPlays are stored once per ' +
      '(store, commercialId, startedAt); each newly stored one moves the commercial cursor to its song and takes N songs off the count. ' +
      'OFFLINE cannot be reported (400 PLAYBACK_INVALID_STATE).',
    tags,
    auth,
    body: PlaybackReportRequest,
    // Before the schema: a reported state outside PLAYING / PAUSED / SILENT (OFFLINE above all) has its own code.
    before: [
      (req, _res, next) => {
        const state = (req.body as { state?: unknown } | undefined)?.state;
        next(typeof state === 'string' && !isReportedState(state) ? badRequest('PLAYBACK_INVALID_STATE', `state ${state.slice(0, 20)} cannot be reported (PLAYING, PAUSED or SILENT)`) : undefined);
      },
    ],
    response: { status: 200, description: 'How many logs (and commercial plays) this call stored', schema: PlaybackReportResponse },
    errors: { 400: ['PLAYBACK_INVALID_STATE'], 403: ['PRINCIPAL_SCOPE_MISMATCH'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, body }) =>
      reportPlayback(ctx, principal, {
        state: body.state,
        currentMusicId: body.currentMusicId ?? null,
        deviceId: body.deviceId ?? null,
        logs: (body.logs ?? []).map((l) => ({ musicId: l.musicId, libraryId: l.libraryId?.toLowerCase() ?? null, startedAt: new Date(l.startedAt), playedMs: l.playedMs, cacheHit: l.cacheHit ?? null })),
        commercialPlays: body.commercialPlays ? body.commercialPlays.map((p) => ({ commercialId: p.commercialId, startedAt: new Date(p.startedAt), playedMs: p.playedMs ?? null })) : null,
      }),
  });

  return router;
};
