import type { Principal, Role } from '@storecast/service-kit';

/** Who acts, taken from the token (never from the body). */
export interface Actor {
  accountId: string;
  role: Role;
  impersonatedBy?: string;
}

export const actorOf = (principal: Principal): Actor => ({
  accountId: principal.accountId,
  role: principal.role,
  impersonatedBy: principal.impersonatedBy,
});

