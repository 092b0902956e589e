/**
 * Music tag options (spec 02 § Music (operator catalog)): GENRE or MOOD, a value of 1..50 unique
 * per type, listed by sortOrder then value, inactive ones included; a music has exactly one genre
 * and any number of moods.
 */
export const TAG_TYPES = ['GENRE', 'MOOD'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const TAG_VALUE_MAX = 50;
/** The server's bound of moodIds per music. */
export const MOODS_MAX = 20;

export interface TagOptionLike {
  id: string;
  type: TagType;
  value: string;
  sortOrder: number;
  active: boolean;
}

export const isTagType = (v: string | null | undefined): v is TagType => v === 'GENRE' || v === 'MOOD';

/** The options of one type in the spec's order: sortOrder asc, then value asc. */
export const optionsOfType = <T extends TagOptionLike>(options: readonly T[], type: TagType): T[] =>
  options
    .filter((o) => o.type === type)
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

/** A new option goes last: one step after the highest sortOrder of its type. */
export const nextSortOrder = (options: readonly TagOptionLike[], type: TagType): number => {
  const orders = options.filter((o) => o.type === type).map((o) => o.sortOrder);
  return orders.length ? Math.max(...orders) + 10 : 0;
};

/**
 * Moving one option up or down: the list in its new order numbered 0, 10, 20…, and only the
 * options whose sortOrder changes (a PATCH each). Nothing when it is already at that end.
 */
export const reorderPatches = (ordered: readonly TagOptionLike[], id: string, direction: 'up' | 'down'): Array<{ id: string; sortOrder: number }> => {
  const from = ordered.findIndex((o) => o.id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ordered.length) return [];
  const next = [...ordered];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next.flatMap((o, i) => (o.sortOrder === i * 10 ? [] : [{ id: o.id, sortOrder: i * 10 }]));
};

/** Why a value cannot be saved: blank, over 50, or already used by another option of the type. */
export const tagValueProblem = (value: string, type: TagType, options: readonly TagOptionLike[], selfId?: string): 'REQUIRED' | 'TOO_LONG' | 'DUPLICATE' | null => {
  const trimmed = value.trim();
  if (!trimmed) return 'REQUIRED';
  if (trimmed.length > TAG_VALUE_MAX) return 'TOO_LONG';
  if (options.some((o) => o.type === type && o.id !== selfId && o.value === trimmed)) return 'DUPLICATE';
  return null;
};

/**
 * What a track's genre or mood field offers: the active options, plus deactivated ones the track
 * already carries (the server keeps them on it, and refuses a deactivated one it does not carry).
 */
export const choosableOptions = <T extends TagOptionLike>(options: readonly T[], type: TagType, carriedIds: readonly string[]): T[] =>
  optionsOfType(options, type).filter((o) => o.active || carriedIds.includes(o.id));

/** Why the tags cannot be saved: a genre is required (exactly one), at most 20 moods. */
export const trackTagsProblem = (genreId: string | null, moodIds: readonly string[]): 'GENRE_REQUIRED' | 'TOO_MANY_MOODS' | null => {
  if (!genreId) return 'GENRE_REQUIRED';
  if (moodIds.length > MOODS_MAX) return 'TOO_MANY_MOODS';
  return null;
};
