/** Where a music comes from (spec 02): set on upload, immutable; a library holds one type. */
export const MUSIC_SOURCES = ['AI', 'TRUST'] as const;
export type MusicSource = (typeof MUSIC_SOURCES)[number];

/** Kinds of tag option (spec 02): immutable after creation. */
export const TAG_TYPES = ['GENRE', 'MOOD'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Derived badge of a playlist (spec 03 § Playlist status; rule in playlist-status.ts). */
export const PLAYLIST_STATUSES = ['EMPTY', 'UNUSED', 'ACTIVE', 'FALLBACK'] as const;
export type PlaylistStatus = (typeof PLAYLIST_STATUSES)[number];

/** Where a store's or device's queue comes from (spec 03 § What the service does). */
export const PLAYLIST_SOURCES = ['DEVICE', 'STORE', 'DEFAULT', 'NONE'] as const;
export type PlaylistSource = (typeof PLAYLIST_SOURCES)[number];

/** Subscription plans as other services send them; none plays everything. */
export type Plan = 'AI' | 'TRUST';
