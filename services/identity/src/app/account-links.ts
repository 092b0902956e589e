import { badRequest, hashToken } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import { findLinkByHash } from '../db/tokens.repository';
import type { AccountRow, LinkTokenRow } from '../db/schema';
import { linkTokenValid } from '../domain/tokens';
import type { IdentityContext, Tx } from './context';
import type { LinkPurpose } from './mail';

/** One answer for every bad link: unknown, expired, used, superseded or of an inactive account. */
export const invalidLink = () => badRequest('ACCOUNT_TOKEN_INVALID', 'The link is invalid or has expired');

/**
 * Resolves an emailed link token to its (unused, unexpired) row and ACTIVE account; with `tx`, the
 * row is locked so two concurrent uses cannot both pass.
 */
export const resolveLink = async (
  ctx: IdentityContext,
  token: string,
  purpose: LinkPurpose,
  tx?: Tx,
): Promise<{ link: LinkTokenRow; account: AccountRow }> => {
  const db = tx ?? ctx.db;
  const link = await findLinkByHash(db, hashToken(token), { forUpdate: !!tx });
  if (!link || !linkTokenValid(link, purpose, ctx.clock.now())) throw invalidLink();
  const account = await findById(db, link.accountId, { forUpdate: !!tx });
  if (!account || account.status !== 'ACTIVE') throw invalidLink();
  return { link, account };
};
