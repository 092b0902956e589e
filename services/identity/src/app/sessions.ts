import { hashToken, newId, randomToken, unauthorized } from '@storecast/service-kit';
import type { AccountRow } from '../db/schema';
import { refreshTokens } from '../db/schema';
import { sessionTimes } from '../domain/tokens';
import { needsOrganizationCheck, signInBlock } from '../domain/sign-in';
import { AppError } from '@storecast/service-kit';
import type { IdentityContext, Tx } from './context';

export interface SessionOptions {
  impersonatedBy?: string | null;
  /** Hard end of an impersonation session. */
  sessionEnd?: Date | null;
  /** The token family a rotation continues; a sign-in starts a new one. */
  familyId?: string;
}

/**
 * Issues an access token and a refresh token (stored as its SHA-256) for the account, inside the
 * caller's transaction; answers spec 02's AuthResponse (login, refresh, change-password).
 * Impersonation sessions carry the operator id and never outlive their end; their password claim
 * is always false.
 */
export const issueSession = async (ctx: IdentityContext, tx: Tx, account: AccountRow, options: SessionOptions = {}) => {
  const now = ctx.clock.now();
  const times = sessionTimes(
    now,
    { accessTtlSeconds: ctx.config.ACCESS_TOKEN_TTL_SECONDS, refreshTtlMs: ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000 },
    options.sessionEnd,
  );
  const impersonatedBy = options.impersonatedBy ?? undefined;
  const passwordMustChange = impersonatedBy ? false : account.passwordMustChange;
  const accessToken = ctx.signingKey.sign(
    {
      sub: account.id,
      role: account.role,
      hqId: account.role === 'HQ_MANAGER' || account.role === 'STORE_MANAGER' ? account.hqId ?? undefined : undefined,
      storeId: account.role === 'STORE_MANAGER' ? account.storeId ?? undefined : undefined,
      passwordMustChange,
      impersonatedBy,
    },
    now,
    times.accessExpiresAt,
  );
  const refreshToken = randomToken(32);
  const id = newId();
  await tx.insert(refreshTokens).values({
    id,
    familyId: options.familyId ?? id,
    accountId: account.id,
    tokenHash: hashToken(refreshToken),
    expiresAt: times.refreshExpiresAt,
    impersonatedBy: impersonatedBy ?? null,
    sessionExpiresAt: options.sessionEnd ?? null,
    createdAt: now,
  });
  return {
    accessToken,
    accessExpiresInSeconds: times.accessExpiresInSeconds,
    refreshToken,
    refreshExpiresAt: times.refreshExpiresAt.toISOString(),
    accountId: account.id,
    role: account.role,
    passwordMustChange,
  };
};

/**
 * Every access token of the account issued before now stops working in every service at once
 * (decision 0007): password change and reset, suspension, revocation, withdrawal. Written inside
 * the caller's transaction, before it commits: when the mark cannot be written (Redis down) the
 * change fails with 503 rather than leaving old tokens valid. The mark lives as long as the
 * longest access token.
 */
export const revokeAccessTokens = async (ctx: IdentityContext, accountId: string, at: Date): Promise<void> => {
  await ctx.revocations?.revokeBefore(accountId, at, ctx.config.ACCESS_TOKEN_TTL_SECONDS + 60);
};

/** 401 AUTH_ACCOUNT_SUSPENDED for a suspended account (withdrawn ones are treated by the caller). */
export const assertNotSuspended = (account: AccountRow): void => {
  if (account.status === 'SUSPENDED') throw unauthorized('AUTH_ACCOUNT_SUSPENDED', 'The account is suspended');
};

/**
 * Blocked sign-in from organization data, asked over gRPC at the moment of sign-in/refresh (see
 * README: fresh facts, one source of truth; organization down → 503, never a silent allow).
 */
export const assertOrganizationAllows = async (ctx: IdentityContext, account: AccountRow): Promise<void> => {
  if (!needsOrganizationCheck(account.role)) return;
  const facts = await ctx.organization.getSignInStatus({
    hqId: account.hqId,
    storeId: account.role === 'STORE_MANAGER' ? account.storeId : undefined,
  });
  const block = signInBlock(account.role, facts);
  if (block) throw new AppError(block.status, block.code, block.message);
};
