import { emit, offsetOf, writeAudit, type Paging, type Principal } from '@storecast/service-kit';
import type { HqRow, StoreRow } from '../db/schema';
import { findStore, hqListStores, updateStore, type HqStoreFilters } from '../db/store.repository';
import type { StoreContact, StorePatch } from '../domain/store-patch';
import { hqMayProvision } from '../domain/hq-status';
import { effectivePlaylist, type EffectivePlaylist } from '../domain/effective-playlist';
import type { Region } from '../domain/regions';
import type { ManagerAccount, PlaylistRef } from './ports';
import type { AppContext } from './context';
import { provisionStore } from './provision-store';
import { patchStore } from './patch-store';
import { errors } from './errors';

export const listHqStores = (ctx: AppContext, hq: HqRow, filters: HqStoreFilters, paging: Paging) =>
  hqListStores(ctx.db, hq.id, filters, paging.size, offsetOf(paging));

export interface HqStoreDetail {
  store: StoreRow;
  hq: HqRow;
  /** The first created manager account of the store (any status), null when none. */
  storeManager: Pick<ManagerAccount, 'email' | 'name' | 'status'> | null;
  /** The store's own active playlist (catalog-search); null when it follows the HQ default, or when catalog-search is unreachable. */
  activePlaylist: PlaylistRef | null;
  /** What the store plays at store level: its own active playlist, else the HQ default; null when neither, or when catalog-search is unreachable. */
  effectivePlaylist: EffectivePlaylist | null;
}

/**
 * The store's playlists from catalog-search (one GetStorePlaylists call): its own active playlist
 * and the effective one. The store detail is organization's own data: it still answers when
 * catalog-search is unreachable (or fails), with both null and the failure logged.
 */
export const playlistsOf = async (ctx: AppContext, hqId: string, storeId: string): Promise<Pick<HqStoreDetail, 'activePlaylist' | 'effectivePlaylist'>> => {
  try {
    const { activePlaylist, hqDefault } = await ctx.catalog.storePlaylists(hqId, storeId);
    return { activePlaylist, effectivePlaylist: effectivePlaylist(activePlaylist, hqDefault) };
  } catch (err) {
    ctx.logger.warn({ err, hqId, storeId }, 'catalog-search did not answer GetStorePlaylists; activePlaylist and effectivePlaylist shown as null');
    return { activePlaylist: null, effectivePlaylist: null };
  }
};

const detailOf = async (ctx: AppContext, caller: Principal, hq: HqRow, store: StoreRow): Promise<HqStoreDetail> => {
  const [accounts, playlists] = await Promise.all([
    ctx.identity.listManagerAccounts(caller, { role: 'STORE_MANAGER', storeIds: [store.id] }),
    playlistsOf(ctx, hq.id, store.id),
  ]);
  // identity lists them created_at asc, id asc: the first is the first created.
  return { store, hq, storeManager: accounts[0] ?? null, ...playlists };
};

export const getHqStore = async (ctx: AppContext, caller: Principal, hq: HqRow, storeId: string): Promise<HqStoreDetail> => {
  const store = await findStore(ctx.db, storeId, { hqId: hq.id });
  if (!store) throw errors.storeNotFound();
  return detailOf(ctx, caller, hq, store);
};

/**
 * HQ store creation in the caller's HQ (read by the scope check): type decided by the server
 * (FRANCHISE, or INDEPENDENT under the virtual HQ); same-name stores allowed; audit
 * HQ_STORE_CREATED. The setup email is sent after the commit.
 */
export const createHqStore = async (ctx: AppContext, actor: Principal, hq: HqRow, input: StoreContact) => {
  if (!hqMayProvision(hq.status)) throw errors.hqSuspended();
  const provisioned = await provisionStore(ctx, actor, hq, {
    ...input,
    type: hq.type === 'INDEPENDENT' ? 'INDEPENDENT' : 'FRANCHISE',
    plan: null,
    billingAnchorDay: null,
    auditAction: 'HQ_STORE_CREATED',
    forbidSuspendedHq: true,
  });
  const account = provisioned.account;
  // After the commit, side by side: the setup email, and the HQ default the new store plays (null when catalog-search fails).
  const [setupEmailSent, playlists] = await Promise.all([
    account ? ctx.identity.sendSetupEmail(actor, account.accountId) : undefined,
    playlistsOf(ctx, provisioned.hq.id, provisioned.store.id),
  ]);
  const detail: HqStoreDetail = {
    store: provisioned.store,
    hq: provisioned.hq,
    // Built from what we just created: no call to identity after the commit.
    storeManager: account ? { email: account.email, name: input.managerName ?? undefined, status: 'ACTIVE' } : null,
    // A new store has no playlist of its own yet.
    activePlaylist: null,
    effectivePlaylist: playlists.effectivePlaylist,
  };
  const managerAccount = account ? { managerAccountId: account.accountId, email: account.email, setupEmailSent: setupEmailSent ?? null } : null;
  return { detail, managerAccount };
};

/**
 * PATCH: per-key semantics (absent unchanged, null clears, value sets). Without differences it is
 * a 200 no-op (no audit, no event, updatedAt kept); otherwise audit HQ_STORE_UPDATED with the
 * changed fields' before/after and event organization.store.updated.
 */
export const updateHqStore = async (ctx: AppContext, actor: Principal, hq: HqRow, storeId: string, patch: StorePatch): Promise<HqStoreDetail> => {
  const store = await patchStore(ctx, actor, { hqId: hq.id, storeId, action: 'HQ_STORE_UPDATED', missing: errors.storeNotFound }, patch);
  return detailOf(ctx, actor, hq, store);
};

type SettingKey = 'commercialCycleSongs' | 'duckEnabled' | 'duckVolumePercent' | 'duckFadeMs' | 'region';

/** Store overrides and region: only changed keys are written; audit + store.updated when anything changed. */
const updateStoreSettings = async (
  ctx: AppContext,
  actor: Principal,
  hq: HqRow,
  storeId: string,
  action: string,
  next: Partial<Record<SettingKey, unknown>>,
): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const current = await findStore(tx, storeId, { hqId: hq.id, lock: 'update' });
    if (!current) throw errors.storeNotFound();
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const [k, v] of Object.entries(next) as Array<[SettingKey, unknown]>) {
      if (v !== undefined && current[k] !== v) changes[k] = { before: current[k], after: v };
    }
    const changed = Object.keys(changes);
    if (changed.length === 0) return;
    const values: Record<string, unknown> = { updatedAt: ctx.clock.now() };
    for (const k of changed) values[k] = changes[k]!.after;
    await updateStore(tx, current.id, values as Partial<StoreRow>);
    await writeAudit(
      tx,
      actor,
      {
        action,
        targetType: 'STORE',
        targetId: current.id,
        targetLabel: current.name,
        hqId: hq.id,
        storeId: current.id,
        detail: action === 'HQ_STORE_REGION_UPDATED' ? { before: current.region, after: next.region } : { changes },
      },
      ctx.clock,
    );
    await emit(tx, { type: 'organization.store.updated', data: { storeId: current.id, hqId: hq.id, changed } }, ctx.clock);
  });
};

/** null removes the override; absent leaves it unchanged. */
export const updateStoreCommercialCycle = (ctx: AppContext, actor: Principal, hq: HqRow, storeId: string, value: number | null | undefined) =>
  updateStoreSettings(ctx, actor, hq, storeId, 'HQ_STORE_COMMERCIAL_CYCLE_UPDATED', { commercialCycleSongs: value });

/** Full replace of the three ducking overrides; all null = inherit the HQ values. */
export const replaceStoreDucking = (
  ctx: AppContext,
  actor: Principal,
  hq: HqRow,
  storeId: string,
  input: { duckEnabled: boolean | null; duckVolumePercent: number | null; duckFadeMs: number | null },
) => updateStoreSettings(ctx, actor, hq, storeId, 'HQ_STORE_DUCKING_UPDATED', input);

/** null clears (the store then leaves region dispatch); audit HQ_STORE_REGION_UPDATED with before/after. */
export const updateStoreRegion = (ctx: AppContext, actor: Principal, hq: HqRow, storeId: string, region: Region | null | undefined) =>
  updateStoreSettings(ctx, actor, hq, storeId, 'HQ_STORE_REGION_UPDATED', { region });
