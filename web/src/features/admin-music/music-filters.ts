import { MUSIC_SOURCES, type MusicSource } from './upload-rules';

/** The music list's filters as the address keeps them (spec 02 listMusic: q 0..100, musicSource, page 0-based, size 20). */
export const MUSIC_PAGE_SIZE = 20;
export const MUSIC_Q_MAX = 100;

export interface MusicFilters {
  q: string;
  musicSource: MusicSource | null;
  page: number;
}

const isSource = (v: string | null): v is MusicSource => (MUSIC_SOURCES as readonly string[]).includes(v ?? '');

/** Reads ?q=&source=&page= (page in the address counts from 1, as people do). */
export const filtersFromSearch = (search: URLSearchParams): MusicFilters => {
  const page = Number(search.get('page') ?? '1');
  const source = search.get('source');
  return {
    q: (search.get('q') ?? '').slice(0, MUSIC_Q_MAX),
    musicSource: isSource(source) ? source : null,
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
};

/** The address of the filters: empty ones left out, and the first page is no parameter. */
export const searchFromFilters = (filters: MusicFilters): URLSearchParams => {
  const search = new URLSearchParams();
  const q = filters.q.trim();
  if (q) search.set('q', q);
  if (filters.musicSource) search.set('source', filters.musicSource);
  if (filters.page > 0) search.set('page', String(filters.page + 1));
  return search;
};

/** The listMusic query of the filters. */
export const listQueryOf = (filters: MusicFilters) => ({
  ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  ...(filters.musicSource ? { musicSource: filters.musicSource } : {}),
  page: filters.page,
  size: MUSIC_PAGE_SIZE,
});
