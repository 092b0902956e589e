import { badRequest, unaryHandler, type Logger, uuidSchema } from '@storecast/service-kit';
import type { CatalogServiceHandlers } from '@storecast/proto';
import { assignDevicePlaylist, resolveQueuePlaylist, storePlaylists } from '../app/assignments.use-case';
import type { CatalogContext } from '../app/ports';
import { getMusicByIds, listPlayableMusic, type PeerMusic } from '../app/read-for-peers.use-case';

const uuid = uuidSchema();
const isUuid = (v: string | undefined | null): v is string => uuid.safeParse(v).success;
const requireUuid = (field: string, v: string | undefined | null): string => {
  if (!isUuid(v)) throw badRequest('VALIDATION_FAILED', `${field} must be a UUID`);
  return v;
};
const optionalUuid = (field: string, v: string | undefined | null): string | undefined => (v ? requireUuid(field, v) : undefined);

const toMusic = ({ music, audioUrl, libraryId }: PeerMusic) => ({
  id: music.id,
  title: music.title,
  durationSeconds: music.durationSeconds,
  musicSource: music.musicSource,
  audioUrl,
  libraryId,
  createdAt: music.createdAt.toISOString(),
  updatedAt: music.updatedAt.toISOString(),
  deletedAt: music.deletedAt?.toISOString(),
});

/** CatalogService: thin adapters from proto messages to the use cases. */
export const catalogHandlers = (ctx: CatalogContext, logger: Logger): CatalogServiceHandlers => ({
  ResolvePlaylist: unaryHandler(async (req) => {
    // A wrong device id falls back to the store (spec 03 § Errors), it is never an error.
    const deviceId = isUuid(req.deviceId) ? req.deviceId : undefined;
    const { playlist, source } = await resolveQueuePlaylist(ctx, { hqId: requireUuid('hq_id', req.hqId), storeId: requireUuid('store_id', req.storeId), deviceId });
    return { playlist: playlist ?? undefined, source };
  }, logger),
  GetStorePlaylists: unaryHandler(async (req) => {
    const s = await storePlaylists(ctx.db, requireUuid('hq_id', req.hqId), requireUuid('store_id', req.storeId));
    return { activePlaylist: s.activePlaylist ?? undefined, hqDefault: s.hqDefault ?? undefined, devices: s.devices };
  }, logger),
  SetDevicePlaylist: unaryHandler(async (req) => {
    const s = await assignDevicePlaylist(ctx, {
      hqId: requireUuid('hq_id', req.hqId),
      storeId: requireUuid('store_id', req.storeId),
      deviceId: requireUuid('device_id', req.deviceId),
      playlistId: optionalUuid('playlist_id', req.playlistId) ?? null,
    });
    return { activePlaylist: s.activePlaylist ?? undefined, hqDefault: s.hqDefault ?? undefined, devices: s.devices };
  }, logger),
  ListPlayableMusic: unaryHandler(async (req) => {
    const plan = req.plan === 'AI' || req.plan === 'TRUST' ? req.plan : null;
    if (req.plan && !plan) throw badRequest('VALIDATION_FAILED', 'plan must be AI or TRUST');
    const result = await listPlayableMusic(ctx, { playlistId: requireUuid('playlist_id', req.playlistId), hqId: optionalUuid('hq_id', req.hqId), plan });
    return { playlist: result.playlist, music: result.music.map(toMusic) };
  }, logger),
  GetMusicByIds: unaryHandler(async (req) => {
    if (req.ids.length > 1000) throw badRequest('VALIDATION_FAILED', 'At most 1000 ids');
    return { music: (await getMusicByIds(ctx, req.ids.filter(isUuid))).map(toMusic) };
  }, logger),
});
