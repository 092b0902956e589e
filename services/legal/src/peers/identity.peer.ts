import { AppError, callUnary, grpc, serviceUnavailable } from '@storecast/service-kit';
import type { IdentityServiceClient } from '@storecast/proto';
import type { AccountLookup, IdentityPeer } from '../app/ports';

const isNotFound = (err: AppError) =>
  err.code === 'ACCOUNT_NOT_FOUND' || (err.cause as grpc.ServiceError | undefined)?.code === grpc.status.NOT_FOUND;

/**
 * IdentityPeer over IdentityService.GetAccount (deadline from the runtime's peer client). Not
 * found (ACCOUNT_NOT_FOUND, or a bare NOT_FOUND) is an answer; anything else (unreachable,
 * deadline, failure) is 503 SERVICE_UNAVAILABLE: the caller's scope cannot be re-checked, so
 * nothing is allowed (authorization fails closed).
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
      throw serviceUnavailable('Identity is unavailable: the caller cannot be re-checked', err);
    }
  },
});
