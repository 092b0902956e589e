import * as grpc from '@grpc/grpc-js';
import { catalogProto, commercialsProto, type CatalogServiceHandlers, type CommercialServiceHandlers } from '@storecast/proto';
import { notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';

// gRPC contract doubles of playback's peers other than organization (the kit's OrganizationDouble
// covers that one): catalog-search's CatalogService (proto/storecast/catalog/v1/catalog.proto) and
// announcement-dispatch's CommercialService (proto/storecast/dispatch/v1/commercials.proto),
// answering from in-memory tables the way those services are specified to answer. `down = true`
// answers UNAVAILABLE, like an unreachable peer; `calls` lists what was asked.

const downable = <Req, Res>(isDown: () => boolean, calls: Array<{ method: string; request: unknown }>, method: string, impl: (req: Req) => Res): grpc.handleUnaryCall<Req, Res> => {
  const inner = unaryHandler<Req, Res>(async (req) => impl(req));
  return (call, callback) => {
    calls.push({ method, request: call.request });
    if (isDown()) return callback({ code: grpc.status.UNAVAILABLE, details: `${method}: down`, metadata: new grpc.Metadata() }, null);
    inner(call, callback);
  };
};

export interface DoubleMusic {
  id: string;
  title: string;
  durationSeconds: number;
  musicSource: 'AI' | 'TRUST';
  deleted?: boolean;
}

export interface DoublePlaylist {
  id: string;
  hqId: string;
  name: string;
  /** Music in library position order (each reached through libraryId). */
  music: Array<{ musicId: string; libraryId: string }>;
}

/**
 * CatalogService: playlists of HQs with their music, assignments (HQ default, store active
 * playlist, device playlists), music records (deleted ones still known, purged ones removed).
 * ResolvePlaylist falls back device → store → HQ default → NONE; ListPlayableMusic filters by plan
 * (TRUST: TRUST and AI; AI: AI; none: all), skips deleted music and answers NOT_FOUND
 * PLAYLIST_NOT_FOUND for a missing playlist or one of another HQ; GetMusicByIds leaves unknown ids out.
 */
export class CatalogDouble {
  down = false;
  readonly calls: Array<{ method: string; request: unknown }> = [];
  readonly music = new Map<string, DoubleMusic>();
  readonly playlists = new Map<string, DoublePlaylist>();
  readonly hqDefaults = new Map<string, string>();
  readonly storePlaylists = new Map<string, string>();
  readonly devicePlaylists = new Map<string, { storeId: string; playlistId: string }>();
  private server?: RunningGrpcServer;

  addMusic(m: DoubleMusic): DoubleMusic {
    this.music.set(m.id, m);
    return m;
  }

  addPlaylist(p: DoublePlaylist): DoublePlaylist {
    this.playlists.set(p.id, p);
    return p;
  }

  private ref(id: string | undefined) {
    const p = id ? this.playlists.get(id) : undefined;
    return p ? { id: p.id, name: p.name } : undefined;
  }

  private message(m: DoubleMusic, libraryId?: string) {
    return {
      id: m.id,
      title: m.title,
      durationSeconds: m.durationSeconds,
      musicSource: m.musicSource,
      audioUrl: `http://s3.test/music/${m.id}.mp3?X-Amz-Signature=test`,
      libraryId,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      deletedAt: m.deleted ? '2026-02-01T00:00:00.000Z' : undefined,
    };
  }

  private storeAssignments(hqId: string, storeId: string) {
    return {
      activePlaylist: this.ref(this.storePlaylists.get(storeId)),
      hqDefault: this.ref(this.hqDefaults.get(hqId)),
      devices: [...this.devicePlaylists.entries()]
        .filter(([, d]) => d.storeId === storeId)
        .map(([deviceId, d]) => ({ deviceId, playlist: this.ref(d.playlistId)! })),
    };
  }

  async start(): Promise<string> {
    const isDown = () => this.down;
    const handlers: CatalogServiceHandlers = {
      ResolvePlaylist: downable(isDown, this.calls, 'ResolvePlaylist', (req) => {
        const device = req.deviceId ? this.devicePlaylists.get(req.deviceId) : undefined;
        if (device && device.storeId === req.storeId) return { playlist: this.ref(device.playlistId), source: 'DEVICE' };
        const store = this.storePlaylists.get(req.storeId);
        if (store) return { playlist: this.ref(store), source: 'STORE' };
        const hqDefault = this.hqDefaults.get(req.hqId);
        if (hqDefault) return { playlist: this.ref(hqDefault), source: 'DEFAULT' };
        return { source: 'NONE' };
      }),
      GetStorePlaylists: downable(isDown, this.calls, 'GetStorePlaylists', (req) => this.storeAssignments(req.hqId, req.storeId)),
      SetDevicePlaylist: downable(isDown, this.calls, 'SetDevicePlaylist', (req) => {
        if (req.playlistId) {
          const p = this.playlists.get(req.playlistId);
          if (!p || p.hqId !== req.hqId) throw notFound('PLAYLIST_NOT_FOUND', 'Playlist not found');
          this.devicePlaylists.set(req.deviceId, { storeId: req.storeId, playlistId: p.id });
        } else this.devicePlaylists.delete(req.deviceId);
        return this.storeAssignments(req.hqId, req.storeId);
      }),
      ListPlayableMusic: downable(isDown, this.calls, 'ListPlayableMusic', (req) => {
        const p = this.playlists.get(req.playlistId);
        if (!p || (req.hqId && p.hqId !== req.hqId)) throw notFound('PLAYLIST_NOT_FOUND', 'Playlist not found');
        const seen = new Set<string>();
        const music = p.music
          .map(({ musicId, libraryId }) => ({ m: this.music.get(musicId), libraryId }))
          .filter((x): x is { m: DoubleMusic; libraryId: string } => x.m !== undefined && !x.m.deleted)
          .filter(({ m }) => !req.plan || req.plan === 'TRUST' || m.musicSource === 'AI')
          .filter(({ m }) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
        return { playlist: { id: p.id, name: p.name }, music: music.map(({ m, libraryId }) => this.message(m, libraryId)) };
      }),
      GetMusicByIds: downable(isDown, this.calls, 'GetMusicByIds', (req) => ({
        music: req.ids.map((id) => this.music.get(id)).filter((m): m is DoubleMusic => m !== undefined).map((m) => this.message(m)),
      })),
    };
    this.server = await startGrpcServer(0, [{ definition: catalogProto().CatalogService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

export interface DoubleCommercial {
  id: string;
  hqId: string;
  title: string;
  durationSeconds: number;
  active: boolean;
  deleted: boolean;
}

/**
 * CommercialService: commercial songs of HQs; ListActiveCommercialSongs answers the HQ's active,
 * non-deleted songs in ascending id order (none for an unknown HQ).
 */
export class CommercialsDouble {
  down = false;
  readonly calls: Array<{ method: string; request: unknown }> = [];
  readonly songs = new Map<string, DoubleCommercial>();
  private server?: RunningGrpcServer;

  add(song: Partial<DoubleCommercial> & { id: string; hqId: string }): DoubleCommercial {
    const record: DoubleCommercial = { title: `CM ${song.id.slice(-4)}`, durationSeconds: 15, active: true, deleted: false, ...this.songs.get(song.id), ...song };
    this.songs.set(song.id, record);
    return record;
  }

  /** Deleted for good: the record is gone (the event is the test's to publish). */
  purge(id: string): void {
    this.songs.delete(id);
  }

  async start(): Promise<string> {
    const handlers: CommercialServiceHandlers = {
      ListActiveCommercialSongs: downable(() => this.down, this.calls, 'ListActiveCommercialSongs', (req) => ({
        songs: [...this.songs.values()]
          .filter((s) => s.hqId === req.hqId && s.active && !s.deleted)
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((s) => ({ id: s.id, title: s.title, durationSeconds: s.durationSeconds, audioUrl: `http://s3.test/commercials/${s.id}.mp3?X-Amz-Signature=test` })),
      })),
    };
    this.server = await startGrpcServer(0, [{ definition: commercialsProto().CommercialService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
