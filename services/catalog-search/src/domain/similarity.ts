/**
 * Genre families of the similar-track search: two genres of one family are half as similar as
 * one genre (README § Search, similar formula).
 */
export const GENRE_FAMILIES: string[][] = [
  ['jazz', 'bossa_nova', 'rnb', 'funk'],
  ['acoustic', 'folk', 'indie', 'ballad'],
  ['piano', 'classical', 'ambient'],
  ['edm', 'house'],
  ['pop', 'kpop'],
  ['hiphop', 'lofi'],
  ['rock', 'indie'],
];

/** Concepts of the same family as `genre` (itself excluded). */
export const familyOf = (genre: string): string[] => [...new Set(GENRE_FAMILIES.filter((f) => f.includes(genre)).flat())].filter((g) => g !== genre);
