import type { Router } from 'express';
import { hqScope, pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { exportPlaybackLogs, listPlaybackLogs } from '../app/playback-logs.use-case';
import type { PlaybackContext } from '../app/ports';
import { readPlaybackStatus } from '../app/read-playback-status.use-case';
import { readOfflineHours } from '../app/read-offline-hours.use-case';
import { readPlaybackSummary } from '../app/read-playback-summary.use-case';
import { kstDay } from '../domain/kst';
import { streamLogsCsv } from './csv-stream';
import { toLogItem, toOfflineHoursResponse, toStatusResponse, toSummaryResponse } from './playback-dto';
import {
  HqPlaybackLogsExportQuery,
  HqStoreOfflineHoursResponse,
  OfflineHoursQuery,
  HqPlaybackLogsQuery,
  PlaybackLogListResponse,
  PlaybackStatusResponse,
  PlaybackSummaryQuery,
  PlaybackSummaryResponse,
} from './playback.schemas';

const auth = { roles: ['HQ_MANAGER'] } as const;
const tags = ['HQ playback'];
const scope403 = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };

/** The HQ's views of its stores' playback (spec 03 § Endpoints). */
export const hqPlaybackRouter = (api: ServiceApi, ctx: PlaybackContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/dashboard/playback-status',
    operationId: 'getHqPlaybackStatus',
    summary: 'Current playback state of the HQ\'s stores (OFFLINE when the last signal is older than offlineAfterSeconds)',
    tags,
    auth,
    response: { status: 200, description: 'Every open store of the HQ, by name', schema: PlaybackStatusResponse },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal }) => toStatusResponse(await readPlaybackStatus(ctx, principal)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/dashboard/playback-status/offline-hours',
    operationId: 'getHqStoreOfflineHours',
    summary: 'Hours without a signal of the HQ\'s stores over the last `days` × 24 whole hours',
    description:
      'A store signals in every hour in which it (or one of its devices) reported. offlineHours counts the window\'s hours without a report since the ' +
      'store was registered (from its first whole hour, or the window start when that is later); the hour in progress is not counted.',
    tags,
    auth,
    query: OfflineHoursQuery,
    response: { status: 200, description: 'Every open store of the HQ, by name', schema: HqStoreOfflineHoursResponse },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query }) => toOfflineHoursResponse(await readOfflineHours(ctx, principal, query.days)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/playback-logs',
    operationId: 'listHqPlaybackLogs',
    summary: 'Play logs of the HQ\'s stores, newest first (TRUST music only unless source says otherwise)',
    tags,
    auth,
    query: HqPlaybackLogsQuery,
    response: { status: 200, description: 'A page of logs', schema: PlaybackLogListResponse },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query }) => {
      const { page, size, ...filters } = query;
      const { items, total } = await listPlaybackLogs(ctx, { ...filters, hqId: hqScope(principal) }, { page, size });
      return pageEnvelope(items.map(toLogItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/playback-logs/export',
    operationId: 'exportHqPlaybackLogs',
    summary: 'The same logs as CSV (UTF-8 with BOM, newest first, at most 50,000 rows, streamed)',
    description: 'X-Total-Count: matching logs; X-Exported-Count: rows in the file; X-Export-Truncated: true when more than 50,000 matched.',
    tags,
    auth,
    query: HqPlaybackLogsExportQuery,
    response: { status: 200, description: 'CSV file', contentType: 'text/csv' },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query, res }) => {
      const hqId = hqScope(principal);
      const { matched, exported, batches } = await exportPlaybackLogs(ctx, { ...query, hqId });
      await streamLogsCsv(res, { filename: `playback-logs-${kstDay(ctx.clock.now())}.csv`, matched, exported }, batches);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/playback/summary',
    operationId: 'getHqPlaybackSummary',
    summary: 'Day, week and month totals of the HQ\'s plays (trust / non-trust, cache hit rate)',
    tags,
    auth,
    query: PlaybackSummaryQuery,
    response: { status: 200, description: 'Totals', schema: PlaybackSummaryResponse },
    errors: scope403,
    handler: async ({ principal, query }) => toSummaryResponse(await readPlaybackSummary(ctx, principal, query)),
  });

  return router;
};
