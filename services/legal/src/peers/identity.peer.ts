import { AppError, grpc, unary } from '@storecast/service-kit';
import type { AccountMessage, IdentityServiceClient } from '@storecast/proto';
import type { AccountDirectory, AccountLookup } from '../app/ports';

/**
 * AccountDirectory over IdentityService.GetAccount. Not found (ACCOUNT_NOT_FOUND or a bare
 * NOT_FOUND) is an answer; anything else (unreachable, deadline, failure) is UNAVAILABLE.
 */
export const identityAccountDirectory = (client: IdentityServiceClient): AccountDirectory => ({
  async lookup(accountId: string): Promise<AccountLookup> {
    try {
      const a = await unary<{ id: string }, AccountMessage>(client.getAccount.bind(client), { id: accountId });
      return {
        outcome: 'FOUND',
        account: {
          id: a.id,
          name: a.name ? a.name : null,
          role: a.role,
          status: a.status,
          hqId: a.hqId ? a.hqId : null,
          storeId: a.storeId ? a.storeId : null,
        },
      };
    } catch (err) {
      const cause = err instanceof AppError ? (err.cause as grpc.ServiceError | undefined) : undefined;
      if (err instanceof AppError && (err.code === 'ACCOUNT_NOT_FOUND' || cause?.code === grpc.status.NOT_FOUND)) {
        return { outcome: 'NOT_FOUND' };
      }
      return { outcome: 'UNAVAILABLE', reason: err instanceof Error ? err.message : String(err) };
    }
  },
});
