import { useSearchParams } from 'react-router';
import { filtersFromParams, paramsFromFilters, type LogFilters } from './log-filters';

/** The play-log filters in the address; a change of any filter goes back to the first page. */
export const useLogFilters = (): [LogFilters, (change: Partial<LogFilters>) => void] => {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const update = (change: Partial<LogFilters>) => {
    const next = { ...filters, ...change, page: change.page ?? 0 };
    setParams(paramsFromFilters(next), { replace: true });
  };
  return [filters, update];
};
