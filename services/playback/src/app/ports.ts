import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Clock, Logger } from '@storecast/service-kit';
import type { PlaybackSchema } from '../db/schema';
import type { KnownMusic, MusicSource } from '../domain/play-logs';
import type { RecentBatches } from './recent-batches';

export type Plan = 'AI' | 'TRUST';

/** A store as playback needs it: its HQ, its name, whether it is closed, when it was registered. */
export interface StoreRef {
  id: string;
  hqId: string;
  name: string;
  closed: boolean;
  /** null when organization does not say (an older organization). */
  createdAt: Date | null;
}

/** Effective values of a store (store override else HQ value), as organization computes them. */
export interface EffectiveSettings {
  hqId: string;
  commercialCycleSongs: number;
  duckEnabled: boolean;
  duckVolumePercent: number;
  duckFadeMs: number;
  /** The store's effective plan; null: no plan (plays all music). */
  plan: Plan | null;
}

/**
 * Organization, the owner of HQs, stores, devices and settings (gRPC peer). Lookups answer
 * undefined for a store that does not exist; an unreachable peer throws 503 SERVICE_UNAVAILABLE.
 */
export interface OrganizationPort {
  getStore(storeId: string): Promise<StoreRef | undefined>;
  /** A device of the store that is not revoked. */
  isValidDevice(storeId: string, deviceId: string): Promise<boolean>;
  effectiveSettings(storeId: string): Promise<EffectiveSettings | undefined>;
  /** The HQ's stores ordered by name, id (closed ones only when asked). */
  storesOfHq(hqId: string, includeClosed: boolean): Promise<StoreRef[]>;
  /** Labels of the devices (revoked ones too) of those stores of the HQ, by device id; other HQs' stores have none. */
  deviceLabels(hqId: string, storeIds: readonly string[]): Promise<Map<string, string>>;
}

export type PlaylistSource = 'DEVICE' | 'STORE' | 'DEFAULT' | 'NONE';

export interface PlayableMusic {
  id: string;
  title: string;
  durationSeconds: number;
  musicSource: MusicSource;
  libraryId: string | null;
  /** Presigned GET URL answered by catalog-search. */
  audioUrl: string;
}

/** Catalog-search (gRPC peer): queue playlist, plan-filtered music, music by ids. 503 when unreachable. */
export interface CatalogPort {
  /** Device playlist → store active playlist → HQ default → none (catalog applies the fallback). */
  resolvePlaylist(input: { hqId: string; storeId: string; deviceId: string | null }): Promise<{ playlist: { id: string; name: string } | null; source: PlaylistSource }>;
  /** The playlist's active music a plan may play, in order; undefined when the playlist is gone. */
  playableMusic(input: { playlistId: string; hqId: string; plan: Plan | null }): Promise<PlayableMusic[] | undefined>;
  /** Known music by id (soft-deleted included); unknown or purged ids are absent. */
  musicByIds(ids: readonly string[]): Promise<Map<string, KnownMusic>>;
}

export interface CommercialSong {
  id: string;
  title: string;
  durationSeconds: number;
  /** Presigned GET URL answered by announcement-dispatch. */
  audioUrl: string;
}

/** Announcement-dispatch's CommercialService (gRPC peer). 503 when unreachable. */
export interface CommercialsPort {
  /** Active, non-deleted commercial songs of the HQ in ascending id order. */
  activeSongs(hqId: string): Promise<CommercialSong[]>;
}

export interface PlaybackSettings {
  offlineAfterMs: number;
  signalEventIntervalMs: number;
  /** Days of playback_signal_hours kept (the offline-hours view reads at most 31). */
  signalHoursRetentionDays: number;
}

/** Everything the use cases work with; built once by server.ts. */
export interface PlaybackContext {
  db: NodePgDatabase<PlaybackSchema>;
  clock: Clock;
  logger: Logger;
  organization: OrganizationPort;
  catalog: CatalogPort;
  commercials: CommercialsPort;
  settings: PlaybackSettings;
  /** The digests each reporter recorded lately through this process (a hint; the state row decides). */
  recentBatches: RecentBatches;
}
