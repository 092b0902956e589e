import { toIso, toIsoOrNull } from '@storecast/service-kit';
import type { z } from 'zod';
import type { NamedLog } from '../app/playback-logs.use-case';
import type { FleetPlaybackStatus } from '../app/read-fleet-playback-status.use-case';
import type { PlaybackStatusBoard } from '../app/read-playback-status.use-case';
import type { OfflineHoursBoard } from '../app/read-offline-hours.use-case';
import type { StoreQueue } from '../app/read-store-queue.use-case';
import type { PlaybackSummary } from '../app/read-playback-summary.use-case';
import type { MusicSource } from '../domain/play-logs';
import type { AdminPlaybackStatusResponse, HqStoreOfflineHoursResponse, PlaybackLogItem, PlaybackStatusResponse, PlaybackSummaryResponse, StoreQueueResponse } from './playback.schemas';

export const toQueueResponse = (q: StoreQueue): z.input<typeof StoreQueueResponse> => ({
  storeId: q.storeId,
  deviceId: q.deviceId,
  source: q.source,
  playlist: q.playlist,
  plan: q.plan,
  commercialCycleSongs: q.commercialCycleSongs,
  songsUntilCommercial: q.songsUntilCommercial,
  ducking: q.ducking,
  settingsAvailable: q.settingsAvailable,
  commercialsAvailable: q.commercialsAvailable,
  items: q.entries.map((e) =>
    e.kind === 'MUSIC'
      ? {
          type: 'MUSIC' as const,
          musicId: e.music.id,
          title: e.music.title,
          durationSeconds: e.music.durationSeconds,
          musicSource: e.music.musicSource,
          libraryId: e.music.libraryId,
          audioUrl: e.music.audioUrl,
        }
      : {
          type: 'COMMERCIAL' as const,
          commercialId: e.commercial.id,
          title: e.commercial.title,
          durationSeconds: e.commercial.durationSeconds,
          audioUrl: e.commercial.audioUrl,
          overlay: true as const,
          duckMusic: q.ducking.enabled,
        },
  ),
  generatedAt: toIso(q.generatedAt),
});

export const toStatusResponse = (b: PlaybackStatusBoard): z.input<typeof PlaybackStatusResponse> => ({
  offlineAfterSeconds: b.offlineAfterSeconds,
  counts: b.counts,
  items: b.items.map((s) => ({
    storeId: s.storeId,
    storeName: s.storeName,
    state: s.state,
    lastSignalAt: toIsoOrNull(s.lastSignalAt),
    currentMusicId: s.currentMusicId,
    currentMusicTitle: s.currentMusicTitle,
    devices: s.devices.map((d) => ({ ...d, lastSignalAt: toIso(d.lastSignalAt) })),
  })),
  generatedAt: toIso(b.generatedAt),
});

export const toOfflineHoursResponse = (b: OfflineHoursBoard): z.input<typeof HqStoreOfflineHoursResponse> => ({
  from: toIso(b.from),
  to: toIso(b.to),
  hours: b.hours,
  items: b.items.map((s) => ({ ...s, lastSignalAt: toIsoOrNull(s.lastSignalAt) })),
});

export const toLogItem = (l: NamedLog): z.input<typeof PlaybackLogItem> => ({
  id: l.id,
  hqId: l.hqId,
  storeId: l.storeId,
  storeName: l.storeName,
  deviceId: l.deviceId,
  musicId: l.musicId,
  musicTitle: l.musicTitle,
  musicSource: l.musicSource as MusicSource,
  isTrust: l.isTrust,
  libraryId: l.libraryId,
  startedAt: toIso(l.startedAt),
  playedMs: l.playedMs,
  cacheHit: l.cacheHit,
  recordedAt: toIso(l.recordedAt),
});

export const toSummaryResponse = (s: PlaybackSummary): z.input<typeof PlaybackSummaryResponse> => {
  const period = (p: PlaybackSummary['day']) => ({
    ...p,
    totalCount: p.trustCount + p.nonTrustCount,
    playedMs: p.trustPlayedMs + p.nonTrustPlayedMs,
  });
  return { date: s.date, storeId: s.storeId, day: period(s.day), week: period(s.week), month: period(s.month) };
};

export const toFleetStatusResponse = (f: FleetPlaybackStatus): z.input<typeof AdminPlaybackStatusResponse> => ({ ...f, generatedAt: toIso(f.generatedAt) });
