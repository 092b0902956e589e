import { conflict, deadlineInterceptor, unary, AppError, type Logger } from '@storecast/service-kit';
import { createAccountClient, type AccountMessage } from '@storecast/proto';
import type { AccountGateway, ManagerAccount } from '../app/account-gateway';
import type { AccountStatus } from '../domain/enums';

interface CreateReq {
  role: string;
  email: string;
  name?: string;
  hqId: string;
  storeId?: string;
  tempPassword?: string;
  actor: { accountId: string; role: string; impersonatedBy?: string };
}
interface ListReq {
  role: string;
  storeIds: string[];
  hqIds: string[];
}

const toManager = (a: AccountMessage): ManagerAccount => ({
  id: a.id,
  email: a.email,
  name: a.name ?? null,
  role: a.role,
  status: a.status as AccountStatus,
  hqId: a.hqId ?? null,
  storeId: a.storeId ?? null,
  passwordMustChange: a.passwordMustChange,
  lastLoginAt: a.lastLoginAt || null,
  createdAt: a.createdAt,
});

/** The message of DUPLICATE_EMAIL is fixed and never echoes the email (spec 02 § Errors). */
export const DUPLICATE_EMAIL_MESSAGE = 'The email is already in use';

/** identity's AccountService over gRPC, every call with a deadline. */
export const createGrpcAccountGateway = (address: string, logger: Logger, deadlineMs = 3000): AccountGateway & { close(): void } => {
  const client = createAccountClient(address, { interceptors: [deadlineInterceptor(deadlineMs)] });
  return {
    async createManagerAccount(input) {
      try {
        const res = await unary<CreateReq, { accountId: string; email: string }>(client.createManagerAccount.bind(client), {
          role: input.role,
          email: input.email,
          name: input.name ?? undefined,
          hqId: input.hqId,
          storeId: input.storeId,
          tempPassword: input.tempPassword,
          actor: { accountId: input.actor.accountId, role: input.actor.role, impersonatedBy: input.actor.impersonatedBy },
        });
        return { accountId: res.accountId, email: res.email };
      } catch (err) {
        if (err instanceof AppError && (err.code === 'DUPLICATE_EMAIL' || err.code === 'EMAIL_ALREADY_IN_USE')) {
          throw conflict('DUPLICATE_EMAIL', DUPLICATE_EMAIL_MESSAGE);
        }
        throw err;
      }
    },
    async sendSetupEmail(accountId) {
      try {
        const res = await unary<{ accountId: string }, { delivered: boolean }>(client.sendSetupEmail.bind(client), { accountId });
        return res.delivered;
      } catch (err) {
        logger.warn({ err, accountId }, 'setup email could not be sent');
        return false;
      }
    },
    async withdrawAccount(accountId, reason) {
      await unary<{ accountId: string; reason: string }, object>(client.withdrawAccount.bind(client), { accountId, reason });
    },
    async listManagerAccounts(query) {
      const res = await unary<ListReq, { accounts: AccountMessage[] }>(client.listManagerAccounts.bind(client), {
        role: query.role,
        storeIds: query.storeIds ?? [],
        hqIds: query.hqIds ?? [],
      });
      return res.accounts.map(toManager).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
    close: () => client.close(),
  };
};
