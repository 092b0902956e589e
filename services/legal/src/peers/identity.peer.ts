import { AppError, callUnary, grpc } from '@storecast/service-kit';
import type { IdentityServiceClient } from '@storecast/proto';
import type { AccountLookup, IdentityPeer } from '../app/ports';

const isNotFound = (err: AppError) =>
  err.code === 'ACCOUNT_NOT_FOUND' || (err.cause as grpc.ServiceError | undefined)?.code === grpc.status.NOT_FOUND;

/**
 * IdentityPeer over IdentityService.GetAccount (deadline from the runtime's peer client). Not
 * found (ACCOUNT_NOT_FOUND, or a bare NOT_FOUND) is an answer; anything else (unreachable,
 * deadline, failure) is UNAVAILABLE, which the agree use case degrades to a null signer name.
 */
export const identityPeer = (client: IdentityServiceClient): IdentityPeer => ({
  async lookupAccount(accountId: string): Promise<AccountLookup> {
    try {
      const a = await callUnary(client, 'getAccount', { id: accountId });
      return {
        outcome: 'FOUND',
        account: { id: a.id, name: a.name || null, role: a.role, status: a.status, hqId: a.hqId || null, storeId: a.storeId || null },
      };
    } catch (err) {
      if (err instanceof AppError && isNotFound(err)) return { outcome: 'NOT_FOUND' };
      return { outcome: 'UNAVAILABLE', reason: err instanceof Error ? err.message : String(err) };
    }
  },
});
