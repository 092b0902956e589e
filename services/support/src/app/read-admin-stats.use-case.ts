import { countTicketsByStatus } from '../db/ticket.repository';
import type { SupportContext } from './ports';

export interface AdminStats {
  hqCount: number;
  storeCount: number;
  tickets: { open: number; inProgress: number; resolved: number; closed: number };
}

/** The operator dashboard: HQ and store counts from organization, ticket counts per status. */
export const readAdminStats = async (ctx: SupportContext): Promise<AdminStats> => {
  const [org, byStatus] = await Promise.all([ctx.organization.counts(), countTicketsByStatus(ctx.db)]);
  return {
    hqCount: org.hqCount,
    storeCount: org.storeCount,
    tickets: {
      open: byStatus.OPEN ?? 0,
      inProgress: byStatus.IN_PROGRESS ?? 0,
      resolved: byStatus.RESOLVED ?? 0,
      closed: byStatus.CLOSED ?? 0,
    },
  };
};
