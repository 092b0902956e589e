import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { catalogProto, type CatalogServiceHandlers } from '@storecast/proto';
import { notFound } from '../../errors';
import { startGrpcServer, unaryHandler, type RunningGrpcServer } from '../../grpc';
import type { DoubleCall } from './legal.double';

export type MusicSource = 'AI' | 'TRUST';

/** A music as catalog-search keeps it (soft-deleted when deletedAt is set). */
export interface CatalogMusicRecord {
  id: string;
  title: string;
  durationSeconds: number;
  musicSource: MusicSource;
  deletedAt: string | null;
}

/** A playlist of an HQ with its music in library position order. */
export interface PlaylistRecord {
  id: string;
  hqId: string;
  name: string;
  musicIds: string[];
  /** The library its music is reached through (ListPlayableMusic's libraryId), when the test sets one. */
  libraryId?: string;
}

const playlistNotFound = () => notFound('PLAYLIST_NOT_FOUND', 'Playlist not found');
const CREATED_AT = '2026-01-01T00:00:00.000Z';

/**
 * Contract double of CatalogService (proto/storecast/catalog/v1/catalog.proto) for component tests
 * of its callers: a real gRPC server answering from in-memory playlists, music and assignments the
 * test sets (`addPlaylist`, `addMusic`, `setHqDefault`, `setStorePlaylist`, `setDevicePlaylist`),
 * the way catalog-search answers:
 * - GetStorePlaylists: explicit assignments of the store (active playlist, devices with their own
 *   playlist) and the HQ default, no fallback;
 * - SetDevicePlaylist: sets (playlist_id) or clears (absent) a device's own playlist; a playlist of
 *   another HQ or a missing one is NOT_FOUND PLAYLIST_NOT_FOUND; answers like GetStorePlaylists;
 * - ResolvePlaylist: device's own, else store's, else HQ default (source DEVICE | STORE | DEFAULT | NONE);
 * - ListPlayableMusic: active music of the playlist a plan may play (TRUST: all, AI: AI, none: all);
 * - GetMusicByIds: music by ids, soft-deleted included, unknown ids left out.
 * `unavailable = true` answers every call UNAVAILABLE; `calls` lists what was asked.
 */
export class CatalogDouble {
  unavailable = false;
  readonly calls: DoubleCall[] = [];
  private readonly playlists = new Map<string, PlaylistRecord>();
  private readonly music = new Map<string, CatalogMusicRecord>();
  private readonly hqDefaults = new Map<string, string>();
  /** `${hqId}/${storeId}` → playlist id. */
  private readonly storePlaylists = new Map<string, string>();
  /** `${hqId}/${storeId}` → device id → playlist id. */
  private readonly devicePlaylists = new Map<string, Map<string, string>>();
  private server?: RunningGrpcServer;

  addPlaylist(hqId: string, fields: Partial<Omit<PlaylistRecord, 'hqId'>> = {}): PlaylistRecord {
    const id = fields.id ?? randomUUID();
    const record: PlaylistRecord = { name: `Playlist ${id.slice(-6)}`, musicIds: [], ...fields, id, hqId };
    this.playlists.set(id, record);
    return record;
  }

  addMusic(fields: Partial<CatalogMusicRecord> = {}): CatalogMusicRecord {
    const id = fields.id ?? randomUUID();
    const record: CatalogMusicRecord = { title: `Song ${id.slice(-6)}`, durationSeconds: 180, musicSource: 'AI', deletedAt: null, ...fields, id };
    this.music.set(id, record);
    return record;
  }

  /** null clears. */
  setHqDefault(hqId: string, playlistId: string | null): void {
    if (playlistId === null) this.hqDefaults.delete(hqId);
    else this.hqDefaults.set(hqId, playlistId);
  }

  /** The store's active playlist; null: the store follows the HQ default. */
  setStorePlaylist(hqId: string, storeId: string, playlistId: string | null): void {
    if (playlistId === null) this.storePlaylists.delete(`${hqId}/${storeId}`);
    else this.storePlaylists.set(`${hqId}/${storeId}`, playlistId);
  }

  /** A device's own playlist; null: the device follows the store. */
  setDevicePlaylist(hqId: string, storeId: string, deviceId: string, playlistId: string | null): void {
    const key = `${hqId}/${storeId}`;
    const devices = this.devicePlaylists.get(key) ?? new Map<string, string>();
    if (playlistId === null) devices.delete(deviceId);
    else devices.set(deviceId, playlistId);
    this.devicePlaylists.set(key, devices);
  }

  /** The store's active playlist id, undefined when it follows the HQ default. */
  storePlaylist(hqId: string, storeId: string): string | undefined {
    return this.storePlaylists.get(`${hqId}/${storeId}`);
  }

  /** The device's own playlist id, undefined when it follows the store. */
  devicePlaylist(hqId: string, storeId: string, deviceId: string): string | undefined {
    return this.devicePlaylists.get(`${hqId}/${storeId}`)?.get(deviceId);
  }

  /** Empty tables, reachable, no calls. */
  reset(): void {
    this.unavailable = false;
    this.calls.length = 0;
    for (const table of [this.playlists, this.music, this.hqDefaults, this.storePlaylists, this.devicePlaylists]) table.clear();
  }

  private ref(id: string | undefined) {
    const playlist = id ? this.playlists.get(id) : undefined;
    return playlist ? { id: playlist.id, name: playlist.name } : undefined;
  }

  private storePlaylistsOf(hqId: string, storeId: string) {
    const key = `${hqId}/${storeId}`;
    return {
      activePlaylist: this.ref(this.storePlaylists.get(key)),
      devices: [...(this.devicePlaylists.get(key) ?? new Map<string, string>()).entries()].flatMap(([deviceId, playlistId]) => {
        const playlist = this.ref(playlistId);
        return playlist ? [{ deviceId, playlist }] : [];
      }),
      hqDefault: this.ref(this.hqDefaults.get(hqId)),
    };
  }

  private musicMessage(m: CatalogMusicRecord, libraryId?: string) {
    return {
      id: m.id,
      title: m.title,
      durationSeconds: m.durationSeconds,
      musicSource: m.musicSource,
      audioUrl: `http://catalog.double/music/${m.id}.mp3`,
      libraryId,
      createdAt: CREATED_AT,
      updatedAt: CREATED_AT,
      deletedAt: m.deletedAt ?? undefined,
    };
  }

  private handler<Req, Res>(method: string, impl: (req: Req) => Promise<Res> | Res): grpc.handleUnaryCall<Req, Res> {
    const inner = unaryHandler<Req, Res>(async (req) => impl(req));
    return (call, callback) => {
      this.calls.push({ method, request: call.request });
      if (this.unavailable) {
        callback({ code: grpc.status.UNAVAILABLE, details: 'catalog double is down', metadata: new grpc.Metadata() }, null);
        return;
      }
      inner(call, callback);
    };
  }

  /** Starts the server on a free local port; answers its address (host:port) for the caller's config. */
  async start(): Promise<string> {
    const handlers: CatalogServiceHandlers = {
      GetStorePlaylists: this.handler('GetStorePlaylists', (req) => this.storePlaylistsOf(req.hqId, req.storeId)),
      SetDevicePlaylist: this.handler('SetDevicePlaylist', (req) => {
        if (req.playlistId) {
          const playlist = this.playlists.get(req.playlistId);
          if (!playlist || playlist.hqId !== req.hqId) throw playlistNotFound();
        }
        this.setDevicePlaylist(req.hqId, req.storeId, req.deviceId, req.playlistId || null);
        return this.storePlaylistsOf(req.hqId, req.storeId);
      }),
      ResolvePlaylist: this.handler('ResolvePlaylist', (req) => {
        const key = `${req.hqId}/${req.storeId}`;
        const device = req.deviceId ? this.ref(this.devicePlaylists.get(key)?.get(req.deviceId)) : undefined;
        if (device) return { playlist: device, source: 'DEVICE' };
        const store = this.ref(this.storePlaylists.get(key));
        if (store) return { playlist: store, source: 'STORE' };
        const fallback = this.ref(this.hqDefaults.get(req.hqId));
        return fallback ? { playlist: fallback, source: 'DEFAULT' } : { source: 'NONE' };
      }),
      ListPlayableMusic: this.handler('ListPlayableMusic', (req) => {
        const playlist = this.playlists.get(req.playlistId);
        if (!playlist || (req.hqId && playlist.hqId !== req.hqId)) throw playlistNotFound();
        const playable = (m: CatalogMusicRecord) => m.deletedAt === null && (req.plan !== 'AI' || m.musicSource === 'AI');
        const music = [...new Set(playlist.musicIds)].flatMap((id) => {
          const m = this.music.get(id);
          return m && playable(m) ? [this.musicMessage(m, playlist.libraryId)] : [];
        });
        return { playlist: { id: playlist.id, name: playlist.name }, music };
      }),
      GetMusicByIds: this.handler('GetMusicByIds', (req) => ({
        music: req.ids.flatMap((id) => {
          const m = this.music.get(id);
          return m ? [this.musicMessage(m)] : [];
        }),
      })),
    };
    this.server = await startGrpcServer(0, [{ definition: catalogProto().CatalogService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
