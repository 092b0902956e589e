import { unaryHandler, type Logger } from '@storecast/service-kit';
import type { OrganizationStatsServiceHandlers } from '@storecast/proto';
import type { AppContext } from '../app/context';
import { queryOrganizationCounts } from '../app/org-queries.use-case';

/** OrganizationStatsService: platform-wide figures (support's operator dashboard). */
export const organizationStatsHandlers = (ctx: AppContext, logger: Logger): OrganizationStatsServiceHandlers => ({
  GetOrganizationCounts: unaryHandler(async () => queryOrganizationCounts(ctx), logger),
});
