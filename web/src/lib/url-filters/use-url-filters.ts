import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** What every list page keeps in the URL besides its own filters: the search text and the page. */
export interface UrlListFilters {
  q: string;
  page: number;
}

/** How long typing pauses before the search is written into the URL (and fetched). */
export const Q_DEBOUNCE_MS = 300;

export interface UrlFiltersOptions<F extends UrlListFilters> {
  fromParams: (params: URLSearchParams) => F;
  toParams: (filters: F) => URLSearchParams;
  /** Longer searches stay in the box (the page shows why) but are never sent. */
  qMax: number;
}

export interface UrlFilters<F extends UrlListFilters> {
  filters: F;
  /** Changes filters, back to the first page, replacing the history entry. */
  setFilters: (next: Partial<F>) => void;
  /** Turns the page as a new history entry, so Back returns to the previous page. */
  setPage: (page: number) => void;
  /** What the search box shows (may be ahead of the URL while typing). */
  q: string;
  onQChange: (value: string) => void;
}

/**
 * A list page's filters and page kept in the URL, with a search box written into it 300 ms after
 * typing stops, and Back/Forward shown in the box.
 */
export const useUrlFilters = <F extends UrlListFilters>({ fromParams, toParams, qMax }: UrlFiltersOptions<F>): UrlFilters<F> => {
  const [params, setParams] = useSearchParams();
  const filters = fromParams(params);
  const [q, setQ] = useState(filters.q);
  const setFilters = (next: Partial<F>) => setParams(toParams({ ...filters, page: 0, ...next }), { replace: true });
  const setPage = (page: number) => setParams(toParams({ ...filters, page }));
  const written = useRef(filters.q);
  const writeQ = useDebouncedCallback((value: string) => {
    written.current = value;
    setFilters({ q: value } as Partial<F>);
  }, Q_DEBOUNCE_MS);
  // Back, Forward or a link changed the search: the box shows it (not when the change was ours).
  useEffect(() => {
    if (filters.q !== written.current) {
      written.current = filters.q;
      setQ(filters.q);
    }
  }, [filters.q]);
  const onQChange = (value: string) => {
    setQ(value);
    if (value.length <= qMax) writeQ(value);
  };
  return { filters, setFilters, setPage, q, onQChange };
};
