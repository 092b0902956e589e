import { callUnary, lookupAll, orMissing } from '@storecast/service-kit';
import type { IdentityServiceClient } from '@storecast/proto';
import type { OperatorDirectory, OperatorRef } from '../app/ports';

/** OperatorDirectory over identity's IdentityService.GetAccount: accounts of other roles are not operators. */
export const identityPeer = (client: IdentityServiceClient): OperatorDirectory => {
  const getOperator = async (accountId: string): Promise<OperatorRef | undefined> => {
    const account = await orMissing('identity', () => callUnary(client, 'getAccount', { id: accountId }));
    if (!account || account.role !== 'OPERATOR') return undefined;
    return { id: account.id, name: account.name ?? null, email: account.email, active: account.status === 'ACTIVE' };
  };
  return { getOperator, operators: (ids) => lookupAll(ids, getOperator) };
};
