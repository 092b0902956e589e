import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { isKstDay } from '../domain/kst';
import { REPORTED_STATES } from '../domain/playback-state';
import { OFFLINE_HOURS_DAYS } from '../domain/signal-hours';

// Requests and responses of playback (spec 03 § Store delivery, § Endpoints). Response types are
// derived from these schemas; the apiClient of the tests checks every answer against them.

const iso = z.iso.datetime({ offset: false }).openapi({ description: 'ISO 8601, UTC, milliseconds' });
const isoOrNull = iso.nullable();
const MAX_LOGS = 200;
const MAX_COMMERCIAL_PLAYS = 20;
const MAX_PLAYED_MS = 86_400_000;
// The plays a log can record: from the first instant PostgreSQL stores (year 1, UTC) to the end of
// the last KST day (9999-12-31), so a play's instant and its KST day are both dates of years 1–9999.
const FIRST_PLAY = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_PLAY = Date.parse('9999-12-31T23:59:59.999+09:00');

export const ReportedState = z.enum(REPORTED_STATES).openapi('PlaybackReportedState');
export const SeenState = z.enum([...REPORTED_STATES, 'OFFLINE']).openapi('PlaybackSeenState', { description: 'OFFLINE is derived, never reported' });
export const MusicSource = z.enum(['AI', 'TRUST']).openapi('MusicSource');

// ---- store: report

const playStartedAt = (what: string) =>
  z.iso
    .datetime({ offset: true, abort: true })
    .refine((v) => Date.parse(v) >= FIRST_PLAY && Date.parse(v) <= LAST_PLAY, 'must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999+09:00')
    .openapi({ description: `When the ${what} started (ISO 8601), from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999+09:00` });

export const PlaybackLogRequest = z
  .object({
    musicId: z.string().min(1).max(100).openapi({ description: 'A catalog music id; a log of an unknown music is skipped, the others stored' }),
    libraryId: uuidSchema().nullish(),
    startedAt: playStartedAt('play'),
    playedMs: z.number().int().min(0).max(MAX_PLAYED_MS),
    cacheHit: z.boolean().nullish().openapi({ description: 'null or absent: not counted in hit-rate statistics' }),
  })
  .openapi('PlaybackLogRequest');

export const PlaybackCommercialPlayRequest = z
  .object({
    commercialId: uuidSchema().openapi({ description: 'The COMMERCIAL item\'s commercialId; a song that is not an active commercial song of the store\'s HQ is skipped, the others stored' }),
    startedAt: playStartedAt('commercial'),
    playedMs: z.number().int().min(0).max(MAX_PLAYED_MS).nullish(),
  })
  .openapi('PlaybackCommercialPlayRequest', {
    description:
      'A commercial song the player played. Stored once per (store, commercialId, startedAt), whichever device reports it; a newly stored play moves the ' +
      'store\'s commercial cursor to that song and takes N (the effective commercialCycleSongs) off its songs since the last commercial, never below 0',
  });

export const PlaybackReportRequest = z
  .object({
    state: ReportedState.openapi({ description: 'OFFLINE (or any other value) answers 400 PLAYBACK_INVALID_STATE' }),
    currentMusicId: z.string().max(100).nullish(),
    logs: z
      .array(PlaybackLogRequest)
      .max(MAX_LOGS)
      .nullish()
      .openapi({ description: 'Music plays (at most 200); each newly stored one counts toward the store\'s next commercial (one after every N songs played)' }),
    commercialPlays: z
      .array(PlaybackCommercialPlayRequest)
      .max(MAX_COMMERCIAL_PLAYS)
      .nullish()
      .openapi({ description: 'Commercial songs played since the last report (at most 20); absent or null: none (older players)' }),
    deviceId: z.string().max(100).nullish().openapi({ description: 'A valid device of the store reports for itself; a wrong id falls back to store level' }),
  })
  .openapi('PlaybackReportRequest');

export const PlaybackReportResponse = z
  .object({
    recordedLogCount: z.number().int().min(0).openapi({ description: 'Logs stored by this call (duplicates and unknown music not counted)' }),
    recordedCommercialCount: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({ description: 'Commercial plays stored by this call (duplicates and inactive or foreign songs not counted); present when the request carried commercialPlays' }),
  })
  .openapi('PlaybackReportResponse');

// ---- store: queue

export const StoreQueueQuery = z.object({
  deviceId: z.string().max(100).optional().openapi({ description: 'The reading device; a wrong or revoked id falls back to the store' }),
});

const Ducking = z
  .object({ enabled: z.boolean(), volumePercent: z.number().int().min(0).max(100), fadeMs: z.number().int().min(0).max(5000) })
  .openapi('PlaybackDucking', { description: 'Effective ducking of the store: music is lowered to volumePercent with a fade of fadeMs under overlays' });

const QueueMusicItem = z
  .object({
    type: z.literal('MUSIC'),
    musicId: uuidSchema(),
    title: z.string(),
    durationSeconds: z.number(),
    musicSource: MusicSource,
    libraryId: uuidSchema().nullable(),
    audioUrl: z.string().openapi({ description: 'Presigned GET URL (catalog-search), short-lived' }),
  })
  .openapi('QueueMusicItem');

const QueueCommercialItem = z
  .object({
    type: z.literal('COMMERCIAL'),
    commercialId: uuidSchema(),
    title: z.string(),
    durationSeconds: z.number(),
    audioUrl: z.string().openapi({ description: 'Presigned GET URL (announcement-dispatch), short-lived' }),
    overlay: z.literal(true).openapi({ description: 'Not a music slot: played mixed over the music, like announcements' }),
    duckMusic: z.boolean().openapi({ description: 'Whether the music is ducked under it (the effective duckEnabled)' }),
  })
  .openapi('QueueCommercialItem', {
    description: 'When the player reaches it, it starts the commercial as an overlay over the music, which goes on with the next MUSIC item ducked by `ducking`',
  });

export const StoreQueueResponse = z
  .object({
    storeId: uuidSchema(),
    deviceId: uuidSchema().nullable().openapi({ description: 'The device the queue was resolved for; null: store level' }),
    source: z.enum(['DEVICE', 'STORE', 'DEFAULT', 'NONE']).openapi({ description: 'Which playlist: the device\'s, the store\'s active one, the HQ default, or none' }),
    playlist: z.object({ id: uuidSchema(), name: z.string() }).nullable(),
    plan: z.enum(['AI', 'TRUST']).nullable().openapi({ description: 'The plan the music was filtered by (TRUST: TRUST and AI; AI: AI only; null: all)' }),
    commercialCycleSongs: z.number().int().min(1).openapi({ description: 'One commercial after every N songs played (effective value; 5 when below 1 or unavailable)' }),
    songsUntilCommercial: z
      .number()
      .int()
      .min(0)
      .openapi({
        description:
          'MUSIC items before the first COMMERCIAL item: N minus the songs the store reported played since its last reported commercial, at least 0 ' +
          '(0: the queue starts with a commercial). A player offline counts down from it; counted whether or not a commercial song is available',
      }),
    ducking: Ducking,
    settingsAvailable: z.boolean().openapi({ description: 'false: organization could not be asked (cycle 5, default ducking, AI music only)' }),
    commercialsAvailable: z.boolean().openapi({ description: 'false: announcement-dispatch could not be asked (no commercials this time)' }),
    items: z.array(z.discriminatedUnion('type', [QueueMusicItem, QueueCommercialItem])),
    generatedAt: iso,
  })
  .openapi('StoreQueueResponse');

// ---- HQ: status board

const musicTitle = z
  .string()
  .nullable()
  .openapi({ description: 'Title of currentMusicId (catalog-search); null when there is none, the music is unknown, or catalog-search could not be asked' });

const DevicePlaybackStatus = z
  .object({
    deviceId: uuidSchema(),
    label: z.string().nullable().openapi({ description: "The device's label (organization, revoked devices too); null when organization could not be asked or does not know the device" }),
    state: SeenState,
    reportedState: ReportedState,
    lastSignalAt: iso,
    currentMusicId: z.string().nullable(),
    currentMusicTitle: musicTitle,
  })
  .openapi('DevicePlaybackStatus');

export const PlaybackStatusResponse = z
  .object({
    offlineAfterSeconds: z.number().int().openapi({ description: 'A store whose newest signal is older than this is OFFLINE' }),
    counts: z.object({ PLAYING: z.number().int(), PAUSED: z.number().int(), SILENT: z.number().int(), OFFLINE: z.number().int() }),
    items: z.array(
      z
        .object({
          storeId: uuidSchema(),
          storeName: z.string(),
          state: SeenState,
          lastSignalAt: isoOrNull,
          currentMusicId: z.string().nullable(),
          currentMusicTitle: musicTitle,
          devices: z.array(DevicePlaybackStatus),
        })
        .openapi('StorePlaybackStatus'),
    ),
    generatedAt: iso,
  })
  .openapi('PlaybackStatusResponse');

// ---- operator: the fleet's playback state (an additive operator endpoint, spec 03 § Versioning)

const StateCounts = z
  .object({ PLAYING: z.number().int(), PAUSED: z.number().int(), SILENT: z.number().int(), OFFLINE: z.number().int() })
  .openapi('PlaybackStateCounts', { description: 'Open stores per state (a store is as active as its most active online reporter)' });

export const AdminPlaybackStatusResponse = z
  .object({
    offlineAfterSeconds: z.number().int().openapi({ description: 'A store whose newest signal is older than this is OFFLINE' }),
    counts: StateCounts.openapi({ description: 'Sum over the HQs listed' }),
    hqs: z.array(
      z
        .object({
          hqId: uuidSchema(),
          storeCount: z.number().int().min(1).openapi({ description: 'Open stores of the HQ (organization)' }),
          counts: StateCounts,
        })
        .openapi('HqPlaybackCounts'),
    ),
    generatedAt: iso,
  })
  .openapi('AdminPlaybackStatusResponse');

// ---- HQ: hours without a signal

export const OfflineHoursQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(OFFLINE_HOURS_DAYS.min)
    .max(OFFLINE_HOURS_DAYS.max)
    .default(OFFLINE_HOURS_DAYS.default)
    .openapi({ type: 'integer', minimum: OFFLINE_HOURS_DAYS.min, maximum: OFFLINE_HOURS_DAYS.max, default: OFFLINE_HOURS_DAYS.default, description: 'Days of whole hours to count, 1..31 (default 7); out of range answers 400' }),
});

export const HqStoreOfflineHoursResponse = z
  .object({
    from: iso.openapi({ description: 'Start of the window: the first of its whole hours (UTC hour start)' }),
    to: iso.openapi({ description: 'End of the window (exclusive): the start of the hour in progress, which is not counted' }),
    hours: z.number().int().openapi({ description: 'Hours in the window: days × 24' }),
    items: z.array(
      z
        .object({
          storeId: uuidSchema(),
          storeName: z.string(),
          signalHours: z.number().int().min(0).openapi({ description: 'Hours of the window in which the store (or one of its devices) reported' }),
          offlineHours: z
            .number()
            .int()
            .min(0)
            .openapi({ description: 'Hours of the window without a report, counted from the first whole hour after the store was registered when that is later than the window start' }),
          lastSignalAt: isoOrNull.openapi({ description: "The store's newest report (any of its reporters, at any time); null when it never reported" }),
        })
        .openapi('HqStoreOfflineHoursItem'),
    ),
  })
  .openapi('HqStoreOfflineHoursResponse', { description: "Hours without a signal of the HQ's open stores, in the playback board's order" });

// ---- HQ and operator: logs

const day = (what: string) =>
  z
    .string()
    .refine(isKstDay, 'must be a calendar day YYYY-MM-DD')
    .optional()
    .openapi({ description: `${what} (KST day, YYYY-MM-DD, inclusive)`, example: '2026-03-02' });

const logFilters = {
  from: day('First day'),
  to: day('Last day'),
  storeId: uuidSchema().optional(),
  source: z
    .enum(['TRUST', 'AI', 'ALL'])
    .default('TRUST')
    .openapi({ description: 'TRUST (default: licensed music only), AI, or ALL plays' }),
};

export const HqPlaybackLogsQuery = z.object({ ...logFilters, ...pagingSchema().shape });
export const HqPlaybackLogsExportQuery = z.object(logFilters);
export const AdminPlaybackLogsQuery = z.object({ ...logFilters, hqId: uuidSchema().optional(), ...pagingSchema().shape });
export const AdminPlaybackLogsExportQuery = z.object({ ...logFilters, hqId: uuidSchema().optional() });

export const PlaybackLogItem = z
  .object({
    id: uuidSchema(),
    hqId: uuidSchema(),
    storeId: uuidSchema(),
    storeName: z.string().nullable(),
    deviceId: uuidSchema().nullable(),
    musicId: uuidSchema(),
    musicTitle: z.string(),
    musicSource: MusicSource,
    isTrust: z.boolean(),
    libraryId: uuidSchema().nullable(),
    startedAt: iso,
    playedMs: z.number().int(),
    cacheHit: z.boolean().nullable(),
    recordedAt: iso,
  })
  .openapi('PlaybackLogItem');

export const PlaybackLogListResponse = z
  .object({ items: z.array(PlaybackLogItem), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi('PlaybackLogListResponse');

// ---- HQ: summary

export const PlaybackSummaryQuery = z.object({
  date: z.string().refine(isKstDay, 'must be a calendar day YYYY-MM-DD').optional().openapi({ description: 'KST day (default today)' }),
  storeId: uuidSchema().optional(),
});

const PeriodTotals = z
  .object({
    from: z.string(),
    to: z.string(),
    totalCount: z.number().int(),
    trustCount: z.number().int(),
    nonTrustCount: z.number().int(),
    playedMs: z.number().int(),
    trustPlayedMs: z.number().int(),
    nonTrustPlayedMs: z.number().int(),
    cacheHitCount: z.number().int(),
    cacheMissCount: z.number().int(),
    cacheHitRate: z.number().min(0).max(1).nullable().openapi({ description: 'Over logs that reported cacheHit; null when none did' }),
  })
  .openapi('PlaybackPeriodTotals');

export const PlaybackSummaryResponse = z
  .object({ date: z.string(), storeId: uuidSchema().nullable(), day: PeriodTotals, week: PeriodTotals, month: PeriodTotals })
  .openapi('PlaybackSummaryResponse', { description: 'Day, week (Monday to Sunday) and month around a KST date' });
