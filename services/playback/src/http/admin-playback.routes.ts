import type { Router } from 'express';
import { pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { exportPlaybackLogs, listPlaybackLogs } from '../app/playback-logs.use-case';
import type { PlaybackContext } from '../app/ports';
import { readFleetPlaybackStatus } from '../app/read-fleet-playback-status.use-case';
import { kstDay } from '../domain/kst';
import { streamLogsCsv } from './csv-stream';
import { toFleetStatusResponse, toLogItem } from './playback-dto';
import { AdminPlaybackLogsExportQuery, AdminPlaybackStatusResponse, AdminPlaybackLogsQuery, PlaybackLogListResponse } from './playback.schemas';

const auth = { roles: ['OPERATOR'] } as const;
const tags = ['Operator playback'];

/** Operator-wide play logs (spec 03 § Endpoints: GET /api/v1/admin/playback-logs and /export) and the fleet's playback state. */
export const adminPlaybackRouter = (api: ServiceApi, ctx: PlaybackContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/playback-logs',
    operationId: 'listAdminPlaybackLogs',
    summary: 'Play logs of every HQ (optionally one HQ or store), newest first',
    tags,
    auth,
    query: AdminPlaybackLogsQuery,
    response: { status: 200, description: 'A page of logs', schema: PlaybackLogListResponse },
    errors: { 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ query }) => {
      const { page, size, ...filters } = query;
      const { items, total } = await listPlaybackLogs(ctx, filters, { page, size });
      return pageEnvelope(items.map(toLogItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/playback-logs/export',
    operationId: 'exportAdminPlaybackLogs',
    summary: 'The same logs as CSV (UTF-8 with BOM, newest first, at most 50,000 rows, streamed)',
    description: 'X-Total-Count: matching logs; X-Exported-Count: rows in the file; X-Export-Truncated: true when more than 50,000 matched.',
    tags,
    auth,
    query: AdminPlaybackLogsExportQuery,
    response: { status: 200, description: 'CSV file', contentType: 'text/csv' },
    errors: { 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ query, res }) => {
      const { matched, exported, batches } = await exportPlaybackLogs(ctx, query);
      await streamLogsCsv(res, { filename: `playback-logs-${kstDay(ctx.clock.now())}.csv`, matched, exported }, batches);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/playback-status',
    operationId: 'getAdminPlaybackStatus',
    summary: "The fleet's playback state: open stores per state, overall and per HQ (the HQ board's rule)",
    description:
      'An additive operator endpoint (spec 03 § Versioning). Lists each HQ with at least one open store that ever reported, in hqId order; HQs none of whose stores ever reported are not listed (their stores have no state to show). HQ names come from GET /api/v1/admin/hq/admin-list.',
    tags,
    auth,
    response: { status: 200, description: 'Counts per state, overall and per HQ', schema: AdminPlaybackStatusResponse },
    errors: { 503: ['SERVICE_UNAVAILABLE'] },
    handler: async () => toFleetStatusResponse(await readFleetPlaybackStatus(ctx)),
  });

  return router;
};
