import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { conflict, hashToken, isUniqueViolation, newId, notFound, writeAudit, type Principal } from '@storecast/service-kit';
import { findClient, findKey, findKeyByPrefix } from '../db/api.repository';
import { apiKeys, type ApiKeyRow } from '../db/schema';
import {
  encodeRandom,
  formatApiKey,
  judgeApiKey,
  parseApiKey,
  PREFIX_ALPHABET,
  PREFIX_LENGTH,
  SECRET_ALPHABET,
  SECRET_LENGTH,
  type ApiKeyVerdict,
} from '../domain/api-keys';
import { clientNotFound } from './api-clients.use-case';
import type { IdentityContext, Tx } from './context';
import { assertActiveOperator } from './operator-scope';

const randomString = (alphabet: string, length: number): string => {
  for (;;) {
    const s = encodeRandom(randomBytes(length * 2), alphabet, length);
    if (s) return s;
  }
};

const keyNotFound = () => notFound('API_KEY_NOT_FOUND', 'API key not found');

/** Inserts a new key (prefix collisions are retried). */
const insertKey = async (ctx: IdentityContext, tx: Tx, clientId: string, expiresAt: Date, createdBy: string, rotatedFrom?: string): Promise<{ row: ApiKeyRow; apiKey: string }> => {
  for (let attempt = 0; ; attempt++) {
    const prefix = randomString(PREFIX_ALPHABET, PREFIX_LENGTH);
    const apiKey = formatApiKey(prefix, randomString(SECRET_ALPHABET, SECRET_LENGTH));
    try {
      const [row] = await tx
        .insert(apiKeys)
        .values({ id: newId(), clientId, prefix, keyHash: hashToken(apiKey), status: 'ACTIVE', expiresAt, rotatedFromKeyId: rotatedFrom ?? null, createdBy, createdAt: ctx.clock.now() })
        .returning();
      return { row: row!, apiKey };
    } catch (err) {
      if (attempt < 4 && isUniqueViolation(err, 'api_keys_prefix_uq')) continue;
      throw err;
    }
  }
};

const expiryOf = (ctx: IdentityContext, expiresInDays?: number): Date =>
  new Date(ctx.clock.now().getTime() + (expiresInDays ?? ctx.config.API_KEY_TTL_DAYS) * 86_400_000);

/** The issued key (IssuedApiKey): the whole key is in it this once; only its SHA-256 is stored. */
const issued = (row: ApiKeyRow, apiKey: string) => ({
  id: row.id,
  clientId: row.clientId,
  prefix: row.prefix,
  apiKey,
  status: 'ACTIVE' as const,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * POST /api/v1/admin/api-clients/{id}/keys → 201 with the key, shown once. Only for APPROVED clients
 * (409 API_CLIENT_NOT_APPROVED). Expiry: expiresInDays, else API_KEY_TTL_DAYS. Audit API_KEY_ISSUED.
 */
export const issueApiKey = async (ctx: IdentityContext, principal: Principal, clientId: string, input: { expiresInDays?: number }) => {
  await assertActiveOperator(ctx, principal);
  return ctx.db.transaction(async (tx) => {
    const client = await findClient(tx, clientId, { forUpdate: true });
    if (!client) throw clientNotFound();
    if (client.status !== 'APPROVED') throw conflict('API_CLIENT_NOT_APPROVED', 'Keys are issued to approved clients only');
    const { row, apiKey } = await insertKey(ctx, tx, clientId, expiryOf(ctx, input.expiresInDays), principal.accountId);
    await writeAudit(tx, principal, { action: 'API_KEY_ISSUED', targetType: 'API_KEY', targetId: row.id, targetLabel: row.prefix, detail: { clientId, expiresAt: row.expiresAt.toISOString() } }, ctx.clock);
    return issued(row, apiKey);
  });
};

/**
 * POST /api/v1/admin/api-clients/{clientId}/keys/{keyId}/rotate → 201: a new key for the same client (expiry as at
 * issue), and the old key is revoked at once (refused by the gateway within its cache lifetime).
 * A revoked key cannot be rotated (409 API_KEY_REVOKED). Audit API_KEY_ROTATED.
 */
export const rotateApiKey = async (ctx: IdentityContext, principal: Principal, clientId: string, keyId: string, input: { expiresInDays?: number }) => {
  await assertActiveOperator(ctx, principal);
  return ctx.db.transaction(async (tx) => {
    const old = await findKey(tx, keyId, { forUpdate: true });
    if (!old || old.clientId !== clientId) throw keyNotFound();
    if (old.status === 'REVOKED') throw conflict('API_KEY_REVOKED', 'A revoked key cannot be rotated');
    const client = await findClient(tx, old.clientId);
    if (!client || client.status !== 'APPROVED') throw conflict('API_CLIENT_NOT_APPROVED', 'Keys are issued to approved clients only');
    const now = ctx.clock.now();
    await tx.update(apiKeys).set({ status: 'REVOKED', revokedAt: now }).where(eq(apiKeys.id, old.id));
    const { row, apiKey } = await insertKey(ctx, tx, old.clientId, expiryOf(ctx, input.expiresInDays), principal.accountId, old.id);
    await writeAudit(tx, principal, { action: 'API_KEY_ROTATED', targetType: 'API_KEY', targetId: old.id, targetLabel: old.prefix, detail: { clientId: old.clientId, newKeyId: row.id, newPrefix: row.prefix } }, ctx.clock);
    return issued(row, apiKey);
  });
};

/** DELETE /api/v1/admin/api-clients/{clientId}/keys/{keyId} → 204; idempotent (a revoked key stays revoked). Audit API_KEY_REVOKED. */
export const revokeApiKey = async (ctx: IdentityContext, principal: Principal, clientId: string, keyId: string): Promise<void> => {
  await assertActiveOperator(ctx, principal);
  await ctx.db.transaction(async (tx) => {
    const key = await findKey(tx, keyId, { forUpdate: true });
    if (!key || key.clientId !== clientId) throw keyNotFound();
    if (key.status === 'REVOKED') return;
    await tx.update(apiKeys).set({ status: 'REVOKED', revokedAt: ctx.clock.now() }).where(eq(apiKeys.id, key.id));
    await writeAudit(tx, principal, { action: 'API_KEY_REVOKED', targetType: 'API_KEY', targetId: key.id, targetLabel: key.prefix, detail: { clientId: key.clientId } }, ctx.clock);
  });
};

export interface ApiKeyVerification {
  valid: boolean;
  verdict: ApiKeyVerdict;
  keyId?: string;
  clientId?: string;
  expiresAt?: string;
  cacheTtlSeconds: number;
}

/**
 * The verdict on a presented key (ApiKeyService.VerifyApiKey, and the key holder's own endpoints):
 * shape first (MALFORMED, no lookup), then by prefix, then the SHA-256 of the whole key compared in
 * constant time; then revoked, expired, client not approved.
 */
export const verifyApiKey = async (ctx: IdentityContext, raw: string): Promise<ApiKeyVerification> => {
  const cacheTtlSeconds = ctx.config.API_KEY_CACHE_TTL_SECONDS;
  const parsed = parseApiKey(raw ?? '');
  if (!parsed) return { valid: false, verdict: 'MALFORMED', cacheTtlSeconds };
  const found = await findKeyByPrefix(ctx.db, parsed.prefix);
  const matches = !!found && timingSafeEqual(Buffer.from(found.key.keyHash, 'hex'), Buffer.from(hashToken(raw.trim()), 'hex'));
  const verdict = judgeApiKey(found && { status: found.key.status, expiresAt: found.key.expiresAt, clientStatus: found.clientStatus }, matches, ctx.clock.now());
  if (verdict === 'UNKNOWN') return { valid: false, verdict, cacheTtlSeconds };
  return {
    valid: verdict === 'VALID',
    verdict,
    keyId: found!.key.id,
    clientId: found!.key.clientId,
    expiresAt: found!.key.expiresAt.toISOString(),
    cacheTtlSeconds,
  };
};
