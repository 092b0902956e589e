import { badRequest, conflict, isUuid, newId, notFound, offsetOf, pageEnvelope, type PageEnvelope, type Paging, type Principal } from '@storecast/service-kit';
import { findClient, keysOfClient, listClients } from '../db/api.repository';
import { apiClients, type ApiClientRow, type ApiKeyRow } from '../db/schema';
import { decideClient } from '../domain/api-keys';
import { actorOf, writeAudit } from './audit';
import type { IdentityContext } from './context';
import { eq } from 'drizzle-orm';

export interface ApiKeyItem {
  id: string;
  prefix: string;
  /** ACTIVE, REVOKED, or EXPIRED (computed at read). */
  status: 'ACTIVE' | 'REVOKED' | 'EXPIRED';
  expiresAt: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  rotatedFromKeyId: string | null;
}

export interface ApiClientResponse {
  id: string;
  organizationName: string;
  contactName: string;
  contactEmail: string;
  purpose: string | null;
  status: ApiClientRow['status'];
  decisionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
  keys?: ApiKeyItem[];
}

export const toKeyItem = (k: ApiKeyRow, now: Date): ApiKeyItem => ({
  id: k.id,
  prefix: k.prefix,
  status: k.status === 'REVOKED' ? 'REVOKED' : now.getTime() >= k.expiresAt.getTime() ? 'EXPIRED' : 'ACTIVE',
  expiresAt: k.expiresAt.toISOString(),
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  rotatedFromKeyId: k.rotatedFromKeyId,
});

export const toClientResponse = (c: ApiClientRow, keys?: ApiKeyRow[], now = new Date()): ApiClientResponse => ({
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
  ...(keys ? { keys: keys.map((k) => toKeyItem(k, now)) } : {}),
});

export const clientNotFound = () => notFound('API_CLIENT_NOT_FOUND', 'API client not found');

/** POST /api/v1/api-access/sign-up (public) → 201, status PENDING until an operator decides. */
export const signUpApiClient = async (
  ctx: IdentityContext,
  input: { organizationName: string; contactName: string; contactEmail: string; purpose?: string | null },
): Promise<ApiClientResponse> => {
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
  params: { status?: ApiClientRow['status']; q?: string } & Paging,
): Promise<PageEnvelope<ApiClientResponse>> => {
  const { rows, total } = await listClients(ctx.db, { status: params.status, q: params.q || undefined, limit: params.size, offset: offsetOf(params) });
  return pageEnvelope(rows.map((r) => toClientResponse(r)), params, total);
};

/** GET /api/v1/admin/api-clients/{id}: with its keys (never their secrets). */
export const getApiClient = async (ctx: IdentityContext, id: string): Promise<ApiClientResponse> => {
  const client = isUuid(id) ? await findClient(ctx.db, id) : undefined;
  if (!client) throw clientNotFound();
  return toClientResponse(client, await keysOfClient(ctx.db, id), ctx.clock.now());
};

/**
 * Approve or reject a PENDING sign-up (decided once: 409 API_CLIENT_INVALID_STATUS_TRANSITION).
 * A rejection needs a reason. Audit API_CLIENT_APPROVED / API_CLIENT_REJECTED.
 */
export const decideApiClient = async (
  ctx: IdentityContext,
  principal: Principal,
  id: string,
  decision: 'APPROVE' | 'REJECT',
  reason?: string,
): Promise<ApiClientResponse> => {
  if (decision === 'REJECT' && !reason) throw badRequest('VALIDATION_FAILED', 'A reason is required', { details: [{ field: 'reason', code: 'REQUIRED', message: 'Required' }] });
  if (!isUuid(id)) throw clientNotFound();
  return ctx.db.transaction(async (tx) => {
    const client = await findClient(tx, id, { forUpdate: true });
    if (!client) throw clientNotFound();
    const next = decideClient(client.status, decision);
    if (!next) throw conflict('API_CLIENT_INVALID_STATUS_TRANSITION', `The sign-up was already ${client.status.toLowerCase()}`);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(apiClients)
      .set({ status: next, decisionReason: reason ?? null, decidedBy: principal.accountId, decidedAt: now, updatedAt: now })
      .where(eq(apiClients.id, id))
      .returning();
    await writeAudit(tx, ctx.clock, {
      action: decision === 'APPROVE' ? 'API_CLIENT_APPROVED' : 'API_CLIENT_REJECTED',
      targetType: 'API_CLIENT',
      targetId: id,
      targetLabel: client.organizationName,
      detail: reason ? { reason } : null,
      actor: actorOf(principal),
    });
    return toClientResponse(updated!);
  });
};
