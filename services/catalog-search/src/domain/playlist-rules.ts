import type { MusicSource, Plan, PlaylistSource, PlaylistStatus } from './enums';

export interface PlaylistUsage {
  /** Active music reachable through the playlist's libraries. */
  playableMusicCount: number;
  /** Stores of the HQ that hold the playlist as their active playlist. */
  appliedStoreCount: number;
  /** Devices of the HQ's stores that hold the playlist as their own. */
  appliedDeviceCount: number;
  isDefault: boolean;
}

/**
 * The derived badge of a playlist (spec 03: EMPTY, UNUSED, ACTIVE, FALLBACK; the rule is ours):
 * - EMPTY    nothing to play: no library, or its libraries hold no active music — whatever its use;
 * - ACTIVE   a store (active playlist) or a device (own playlist) of the HQ uses it explicitly;
 * - FALLBACK the HQ default, used by no store or device explicitly: stores without an own
 *            playlist fall back to it;
 * - UNUSED   none of the above.
 */
export const playlistStatus = (usage: PlaylistUsage): PlaylistStatus => {
  if (usage.playableMusicCount === 0) return 'EMPTY';
  if (usage.appliedStoreCount > 0 || usage.appliedDeviceCount > 0) return 'ACTIVE';
  if (usage.isDefault) return 'FALLBACK';
  return 'UNUSED';
};

/** Plan filtering is hierarchical (spec 03): TRUST plays TRUST and AI, AI plays AI, no plan plays all. */
export const playableSources = (plan: Plan | null | undefined): MusicSource[] => {
  if (plan === 'AI') return ['AI'];
  return ['AI', 'TRUST'];
};

/** Queue resolution (spec 03): the device's playlist, else the store's, else the HQ default, else none. */
export const resolvePlaylist = <P extends { id: string }>(candidates: {
  device?: P | null;
  store?: P | null;
  hqDefault?: P | null;
}): { playlist: P | null; source: PlaylistSource } => {
  if (candidates.device) return { playlist: candidates.device, source: 'DEVICE' };
  if (candidates.store) return { playlist: candidates.store, source: 'STORE' };
  if (candidates.hqDefault) return { playlist: candidates.hqDefault, source: 'DEFAULT' };
  return { playlist: null, source: 'NONE' };
};

/** Music whose source differs from the library's type (spec 02: LIBRARY_TYPE_MISMATCH rejects the whole request). */
export const typeMismatches = (libraryType: MusicSource, items: ReadonlyArray<{ id: string; musicSource: MusicSource }>): string[] =>
  items.filter((m) => m.musicSource !== libraryType).map((m) => m.id);

/** Ids given twice in one list (library order of a playlist, moods of a music). */
export const duplicates = (ids: readonly string[]): string[] => {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
};
