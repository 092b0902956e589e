import { conflict, newId, notFound, offsetOf, pageEnvelope, writeAudit, type PageEnvelope, type Paging, type Principal } from '@storecast/service-kit';
import { findClient, keysOfClient, listClients } from '../db/api.repository';
import { apiClients, type ApiClientRow, type ApiKeyRow } from '../db/schema';
import { decideClient } from '../domain/api-keys';
import type { IdentityContext } from './context';
import { assertActiveOperator } from './operator-scope';
import { eq } from 'drizzle-orm';

/** Key status as shown: REVOKED, else EXPIRED once past its expiry (computed at read), else ACTIVE. */
const keyStatus = (k: ApiKeyRow, now: Date) => (k.status === 'REVOKED' ? 'REVOKED' : now.getTime() >= k.expiresAt.getTime() ? 'EXPIRED' : 'ACTIVE') as 'ACTIVE' | 'REVOKED' | 'EXPIRED';

export const toKeyItem = (k: ApiKeyRow, now: Date) => ({
  id: k.id,
  prefix: k.prefix,
  status: keyStatus(k, now),
  expiresAt: k.expiresAt.toISOString(),
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  rotatedFromKeyId: k.rotatedFromKeyId,
});

/** An API client as the API shows it (ApiClientResponse); keys (their status as of `now`) only where asked for. */
export const toClientResponse = (c: ApiClientRow, withKeys?: { keys: ApiKeyRow[]; now: Date }) => ({
  id: c.id,
  organizationName: c.organizationName,
  contactName: c.contactName,
  contactEmail: c.contactEmail,
  purpose: c.purpose,
  status: c.status,
  decisionReason: c.decisionReason,
  decidedAt: c.decidedAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  ...(withKeys ? { keys: withKeys.keys.map((k) => toKeyItem(k, withKeys.now)) } : {}),
});

export type ApiClientView = ReturnType<typeof toClientResponse>;

export const clientNotFound = () => notFound('API_CLIENT_NOT_FOUND', 'API client not found');

/** POST /api/v1/api-access/sign-up (public) → 201, status PENDING until an operator decides. */
export const signUpApiClient = async (
  ctx: IdentityContext,
  input: { organizationName: string; contactName: string; contactEmail: string; purpose?: string | null },
): Promise<ApiClientView> => {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(apiClients)
    .values({ id: newId(), organizationName: input.organizationName, contactName: input.contactName, contactEmail: input.contactEmail, purpose: input.purpose ?? null, status: 'PENDING', createdAt: now, updatedAt: now })
    .returning();
  return toClientResponse(row!);
};

/** GET /api/v1/admin/api-clients: status filter, q on organization / contact, newest first. */
export const listApiClients = async (
  ctx: IdentityContext,
  principal: Principal,
  params: { status?: ApiClientRow['status']; q?: string } & Paging,
): Promise<PageEnvelope<ApiClientView>> => {
  await assertActiveOperator(ctx, principal);
  const { rows, total } = await listClients(ctx.db, { status: params.status, q: params.q || undefined, limit: params.size, offset: offsetOf(params) });
  return pageEnvelope(rows.map((r) => toClientResponse(r)), params, total);
};

/** An API client with its keys (never their secrets); 404 API_CLIENT_NOT_FOUND. */
export const findApiClient = async (ctx: IdentityContext, id: string): Promise<ApiClientView> => {
  const client = await findClient(ctx.db, id);
  if (!client) throw clientNotFound();
  return toClientResponse(client, { keys: await keysOfClient(ctx.db, id), now: ctx.clock.now() });
};

/** GET /api/v1/admin/api-clients/{clientId}. */
export const getApiClient = async (ctx: IdentityContext, principal: Principal, id: string): Promise<ApiClientView> => {
  await assertActiveOperator(ctx, principal);
  return findApiClient(ctx, id);
};

/**
 * Approve or reject (with the reason the route requires) a PENDING sign-up, decided once: 409
 * API_CLIENT_INVALID_STATUS_TRANSITION. Audit API_CLIENT_APPROVED / API_CLIENT_REJECTED.
 */
export const decideApiClient = async (
  ctx: IdentityContext,
  principal: Principal,
  id: string,
  decision: { kind: 'APPROVE' } | { kind: 'REJECT'; reason: string },
): Promise<ApiClientView> => {
  await assertActiveOperator(ctx, principal);
  const reason = decision.kind === 'REJECT' ? decision.reason : undefined;
  return ctx.db.transaction(async (tx) => {
    const client = await findClient(tx, id, { forUpdate: true });
    if (!client) throw clientNotFound();
    const next = decideClient(client.status, decision.kind);
    if (!next) throw conflict('API_CLIENT_INVALID_STATUS_TRANSITION', `The sign-up was already ${client.status.toLowerCase()}`);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(apiClients)
      .set({ status: next, decisionReason: reason ?? null, decidedBy: principal.accountId, decidedAt: now, updatedAt: now })
      .where(eq(apiClients.id, id))
      .returning();
    await writeAudit(
      tx,
      principal,
      {
        action: decision.kind === 'APPROVE' ? 'API_CLIENT_APPROVED' : 'API_CLIENT_REJECTED',
        targetType: 'API_CLIENT',
        targetId: id,
        targetLabel: client.organizationName,
        detail: reason ? { reason } : null,
      },
      ctx.clock,
    );
    return toClientResponse(updated!);
  });
};
