import { notFound } from '@storecast/service-kit';
import { countTracks, trackById, tracksAfter, tracksAt, type TrackRow } from '../db/public-catalog.repository';
import type { CatalogFilter } from '../db/public-catalog.sql';
import type { CatalogContext } from './ports';

/** Spec 01's 404 message (the legacy shape carries no code). */
export const resourceNotFound = () => notFound('NOT_FOUND', 'Requested resource was not found.');

export interface CursorPage {
  tracks: TrackRow[];
  /** The last track of the page when more follow (created_at as shown in the page); null at the end. */
  next: { id: string; createdAt: string } | null;
}

/** Keyset page: the take tracks after (createdAt, id) in (created_at, id) order; one extra row read, no count. */
export const listTracksByCursor = async (ctx: Pick<CatalogContext, 'pool'>, filter: CatalogFilter, take: number, after?: { createdAt: Date; id: string }): Promise<CursorPage> => {
  const rows = await tracksAfter(ctx.pool, filter, take, after);
  const tracks = rows.slice(0, take);
  const last = tracks[tracks.length - 1];
  return { tracks, next: rows.length > take && last ? { id: last.id, createdAt: last.createdAt } : null };
};

export interface OffsetPage {
  tracks: TrackRow[];
  total: number;
}

export const listTracksByOffset = async (ctx: Pick<CatalogContext, 'pool'>, filter: CatalogFilter, take: number, skip: number): Promise<OffsetPage> => {
  const [tracks, total] = await Promise.all([tracksAt(ctx.pool, filter, take, skip), countTracks(ctx.pool, filter)]);
  return { tracks, total };
};

/** One live track with a genre; deleted, untagged or unknown → 404. */
export const getTrack = async (ctx: Pick<CatalogContext, 'pool'>, id: string): Promise<TrackRow> => {
  const track = await trackById(ctx.pool, id);
  if (!track) throw resourceNotFound();
  return track;
};
