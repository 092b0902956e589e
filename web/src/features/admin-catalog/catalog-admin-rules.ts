// Pure rules of library and playlist administration (catalog-search libraries/playlists routes;
// spec 02 § Music catalog: LIBRARY_TYPE_MISMATCH; spec 03 § Playlist status).

/** Library and playlist names: not blank, at most 100 characters (CreateLibraryRequest, CreatePlaylistRequest). */
export const NAME_MAX = 100;
/** One add-music request carries 1..500 ids (AddLibraryMusicRequest). */
export const ADD_MUSIC_MAX = 500;
/** A playlist holds at most 100 libraries (SetPlaylistLibrariesRequest). */
export const PLAYLIST_LIBRARIES_MAX = 100;
/** Search terms: 0..100 characters. */
export const Q_MAX = 100;

export type NameProblem = 'nameRequired' | 'nameTooLong';

export const nameProblem = (name: string): NameProblem | null => {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (trimmed.length > NAME_MAX) return 'nameTooLong';
  return null;
};

/** error.fields.violatingMusicIds is one comma-separated string; empty parts are dropped. */
export const violatingIdsOf = (fields: Record<string, string> | undefined): string[] =>
  (fields?.violatingMusicIds ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The refused tracks by title when the page knows it, else by id (never silently dropped). */
export const namesOf = (ids: readonly string[], titleById: ReadonlyMap<string, string>): string[] => ids.map((id) => titleById.get(id) ?? id);

/** Selected tracks whose musicSource is not the library's type: the server will refuse them. */
export const otherTypeTracks = <T extends { musicSource: string }>(selected: readonly T[], libraryType: string): T[] =>
  selected.filter((m) => m.musicSource !== libraryType);

/** The ids moved one place up (-1) or down (+1); a move past either end leaves the order as it is. */
export const moveBy = <T,>(items: readonly T[], index: number, delta: -1 | 1): T[] => {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
};

export const withoutAt = <T,>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** Appends ids not already present, keeping order; the playlist's 100-library limit is not exceeded. */
export const appendUnique = (ids: readonly string[], added: readonly string[]): string[] => {
  const next = [...ids];
  for (const id of added) if (!next.includes(id) && next.length < PLAYLIST_LIBRARIES_MAX) next.push(id);
  return next;
};

/** A playlist's libraries in the order the store plays them (position, 0-based). */
export const byPosition = <T extends { position: number }>(libraries: readonly T[]): T[] => [...libraries].sort((a, b) => a.position - b.position);
