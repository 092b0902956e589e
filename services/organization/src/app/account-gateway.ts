import type { AccountStatus } from '../domain/enums';
import type { Actor } from './actor';

/** A manager account as identity reports it. */
export interface ManagerAccount {
  id: string;
  email: string;
  name: string | null;
  role: string;
  status: AccountStatus;
  hqId: string | null;
  storeId: string | null;
  passwordMustChange: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface CreateManagerAccountInput {
  role: 'HQ_MANAGER' | 'STORE_MANAGER';
  email: string;
  name: string | null;
  hqId: string;
  storeId?: string;
  /** Operator flows pass the temporary password; HQ flows leave it to identity to generate. */
  tempPassword?: string;
  actor: Actor;
}

/**
 * The port to identity's AccountService (implemented over gRPC in src/grpc/account-gateway.ts).
 * Errors are AppErrors with the peer's code (409 DUPLICATE_EMAIL, 503 SERVICE_UNAVAILABLE, ...).
 */
export interface AccountGateway {
  createManagerAccount(input: CreateManagerAccountInput): Promise<{ accountId: string; email: string }>;
  /** True when identity reports the mail delivered; false when sending failed (never throws). */
  sendSetupEmail(accountId: string): Promise<boolean>;
  withdrawAccount(accountId: string, reason: string): Promise<void>;
  /** Ordered created_at asc, id asc. */
  listManagerAccounts(query: { role: 'HQ_MANAGER' | 'STORE_MANAGER'; storeIds?: string[]; hqIds?: string[] }): Promise<ManagerAccount[]>;
}
