import { useSearchParams } from 'react-router';
import { adminFiltersFromParams, adminParamsFromFilters, type AdminLogFilters } from './admin-log-filters';

/** The filters in the address; a change of any filter goes back to the first page. */
export const useAdminLogFilters = (): [AdminLogFilters, (change: Partial<AdminLogFilters>) => void] => {
  const [params, setParams] = useSearchParams();
  const filters = adminFiltersFromParams(params);
  const update = (change: Partial<AdminLogFilters>) => {
    const next = { ...filters, ...change, page: change.page ?? 0 };
    setParams(adminParamsFromFilters(next), { replace: true });
  };
  return [filters, update];
};
