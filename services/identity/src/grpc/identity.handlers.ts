import { unaryHandler } from '@storecast/service-kit';
import type { IdentityServiceHandlers } from '@storecast/proto';
import type { IdentityContext } from '../app/context';
import { getAccount } from '../app/get-account.use-case';

/** IdentityService: accounts by id and the token verification keys. */
export const identityHandlers = (ctx: IdentityContext): IdentityServiceHandlers => ({
  GetAccount: unaryHandler(async (req) => getAccount(ctx, req.id), ctx.logger),
  GetPublicKeys: unaryHandler(async () => ({ keys: [{ kid: ctx.signingKey.kid, alg: 'RS256', pem: ctx.signingKey.publicKeyPem }] }), ctx.logger),
});
