import { toIso, toIsoOrNull } from '@storecast/service-kit';
import { z } from './zod';
import type { DeviceRow, HqRow, StoreRow } from '../app/models';
import type { ManagerAccount } from '../app/ports';
import type { HqDetail } from '../app/admin-hq.use-case';
import type { StoreDetail } from '../app/admin-store.use-case';
import type { HqStoreDetail } from '../app/hq-stores.use-case';
import type { HqProfile } from '../app/hq-profile.use-case';
import type { DeletionResult } from '../app/delete-organization.use-case';
import type { DeviceWithPlaylist, StoreMe } from '../app/store-mode.use-case';
import { effectiveBillingAnchorDay, effectivePlan } from '../domain/effective-settings';
import { HQ_STATUSES, HQ_TYPES, PLANS, STORE_STATUSES, STORE_TYPES, ACCOUNT_STATUSES } from '../domain/enums';
import { REGIONS } from '../domain/regions';
import { MAX_ACTIVE_DEVICES } from '../domain/devices';

// ---------- response schemas (OpenAPI) ----------

const ts = z.string().openapi({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' });
const tsNull = ts.nullable();
const uuid = z.string().openapi({ format: 'uuid' });
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });

export const HqTypeSchema = z.enum(HQ_TYPES);
export const PlanSchema = z.enum(PLANS);
export const HqStatusSchema = z.enum(HQ_STATUSES);
export const StoreTypeSchema = z.enum(STORE_TYPES);
export const StoreStatusSchema = z.enum(STORE_STATUSES);
export const RegionSchema = z.enum(REGIONS).openapi('Region', { description: 'The 17 Korean provinces (romanized)' });

export const HqOnboardingResponseSchema = z.object({ hqId: uuid, managerAccountId: uuid }).openapi('HqOnboardingResponse');
export const HqListResponseSchema = z.object({ items: z.array(z.object({ id: uuid, name: z.string() })) }).openapi('HqListResponse');

export const HqAdminListItemSchema = z
  .object({
    id: uuid,
    name: z.string(),
    businessNumber: z.string().nullable(),
    type: HqTypeSchema,
    plan: PlanSchema.nullable(),
    status: HqStatusSchema,
    storeCount: z.number().int(),
    billingAnchorDay: z.number().int().nullable(),
    paymentDueDays: z.number().int().nullable(),
    createdAt: ts,
  })
  .openapi('HqAdminListItem');
export const HqAdminListResponseSchema = page(HqAdminListItemSchema).openapi('HqAdminListResponse');

export const ManagerItemSchema = z
  .object({
    id: uuid,
    email: z.string(),
    name: z.string().nullable(),
    status: z.enum(ACCOUNT_STATUSES),
    passwordMustChange: z.boolean(),
    lastLoginAt: tsNull,
    createdAt: ts,
  })
  .openapi('ManagerItem', { description: 'HqManagerItem, StoreManagerSummaryItem and StoreManagerListItem' });

export const HqDetailResponseSchema = z
  .object({
    id: uuid,
    name: z.string(),
    businessNumber: z.string().nullable(),
    type: HqTypeSchema,
    plan: PlanSchema.nullable(),
    status: HqStatusSchema,
    llmAutomentEnabled: z.boolean(),
    llmKeywords: z.string().nullable(),
    llmMaxPerHour: z.number().int(),
    billingAnchorDay: z.number().int().nullable(),
    storeCount: z.number().int(),
    suspensionReason: z.string().nullable(),
    createdAt: ts,
    updatedAt: ts,
    managers: z.array(ManagerItemSchema),
  })
  .openapi('HqDetailResponse');

export const HqStatusResponseSchema = z
  .object({ hqId: uuid, status: HqStatusSchema, suspensionReason: z.string().nullable() })
  .openapi('HqStatusResponse');

export const StoreOnboardingResponseSchema = z
  .object({ storeId: uuid, managerAccountId: uuid.nullable(), managerAccountCreated: z.boolean(), setupEmailSent: z.boolean().nullable() })
  .openapi('StoreOnboardingResponse');

/** Fields the operator's store list item and store detail share. */
const StoreAdminBaseSchema = z.object({
  id: uuid,
  name: z.string(),
  type: StoreTypeSchema,
  status: StoreStatusSchema,
  hqId: uuid,
  hqName: z.string(),
  plan: PlanSchema.nullable(),
  address: z.string().nullable(),
  managerName: z.string().nullable(),
  billingAnchorDay: z.number().int().nullable(),
  lastOnlineAt: tsNull,
  closedAt: tsNull,
  createdAt: ts,
});

export const StoreAdminListItemSchema = StoreAdminBaseSchema.extend({ hasManagerAccount: z.boolean() }).openapi('StoreAdminListItem');
export const StoreAdminListResponseSchema = page(StoreAdminListItemSchema).openapi('StoreAdminListResponse');

export const StoreDetailResponseSchema = StoreAdminBaseSchema.extend({
  managerEmail: z.string().nullable(),
  managerPhone: z.string().nullable(),
  lastHeartbeatAt: tsNull,
  updatedAt: ts,
  managers: z.array(ManagerItemSchema),
})
  .openapi('StoreDetailResponse');

export const StoreStatusResponseSchema = z
  .object({ storeId: uuid, status: StoreStatusSchema, suspensionReason: z.string().nullable() })
  .openapi('StoreStatusResponse');
export const StoreCloseResponseSchema = z.object({ storeId: uuid, closedAt: ts }).openapi('StoreCloseResponse');
export const StoreManagerIssueResponseSchema = z.object({ storeId: uuid, managerAccountId: uuid }).openapi('StoreManagerIssueResponse');
export const StoreManagerListResponseSchema = z.object({ items: z.array(ManagerItemSchema) }).openapi('StoreManagerListResponse');

export const HqMeResponseSchema = z
  .object({
    id: uuid,
    name: z.string(),
    type: HqTypeSchema,
    plan: PlanSchema.nullable(),
    status: HqStatusSchema,
    businessNumber: z.string().nullable(),
    billingAnchorDay: z.number().int().nullable(),
    storeCount: z.number().int(),
    commercialCycleSongs: z.number().int(),
    duckEnabled: z.boolean(),
    duckVolumePercent: z.number().int(),
    duckFadeMs: z.number().int(),
    createdAt: ts,
  })
  .openapi('HqMeResponse');

export const PlaylistRefSchema = z.object({ id: uuid, name: z.string() }).openapi('PlaylistRef');
export const EffectivePlaylistSchema = z
  .object({ id: uuid, name: z.string(), source: z.enum(['STORE', 'DEFAULT']).openapi({ description: "STORE: the store's own active playlist; DEFAULT: the HQ default" }) })
  .openapi('EffectivePlaylist');

export const HqStoreListItemSchema = z
  .object({
    id: uuid,
    name: z.string(),
    type: StoreTypeSchema,
    status: StoreStatusSchema,
    address: z.string().nullable(),
    managerName: z.string().nullable(),
    lastOnlineAt: tsNull,
    closedAt: tsNull,
    createdAt: ts,
    hasManagerAccount: z.boolean(),
  })
  .openapi('HqStoreListItem');
export const HqStoreListResponseSchema = page(HqStoreListItemSchema).openapi('HqStoreListResponse');

export const HqStoreDetailResponseSchema = z
  .object({
    id: uuid,
    name: z.string(),
    address: z.string().nullable(),
    managerName: z.string().nullable(),
    managerEmail: z.string().nullable(),
    phone: z.string().nullable(),
    type: StoreTypeSchema,
    status: StoreStatusSchema,
    closedAt: tsNull,
    storeManager: z.object({ email: z.string(), name: z.string().nullable(), status: z.enum(ACCOUNT_STATUSES) }).nullable(),
    activePlaylist: PlaylistRefSchema.nullable().openapi({
      description: "The store's own active playlist (catalog-search); null when the store follows the HQ default, or when catalog-search is unreachable",
    }),
    effectivePlaylist: EffectivePlaylistSchema.nullable().openapi({
      description:
        'The playlist the store plays at store level (devices may have their own): its own active playlist (source STORE), else the HQ default ' +
        '(source DEFAULT); null when it has neither, or when catalog-search is unreachable',
    }),
    commercialCycleSongs: z.number().int().nullable(),
    region: RegionSchema.nullable(),
    duckEnabled: z.boolean().nullable(),
    duckVolumePercent: z.number().int().nullable(),
    duckFadeMs: z.number().int().nullable(),
    hqDuckEnabled: z.boolean(),
    hqDuckVolumePercent: z.number().int(),
    hqDuckFadeMs: z.number().int(),
    createdAt: ts,
    updatedAt: ts,
  })
  .openapi('HqStoreDetailResponse');

export const HqStoreManagerIssueResultSchema = z
  .object({ managerAccountId: uuid, email: z.string(), setupEmailSent: z.boolean().nullable() })
  .openapi('HqStoreManagerIssueResult');
export const CreateHqStoreResponseSchema = z
  .object({ store: HqStoreDetailResponseSchema, managerAccount: HqStoreManagerIssueResultSchema.nullable() })
  .openapi('CreateHqStoreResponse');
export const HqStoreManagerIssueResponseSchema = z
  .object({ storeId: uuid, managerAccount: HqStoreManagerIssueResultSchema })
  .openapi('HqStoreManagerIssueResponse');

export const BulkCreateHqStoreResponseSchema = z
  .object({
    totalRows: z.number().int(),
    successCount: z.number().int(),
    failureCount: z.number().int(),
    managerAccountCreatedCount: z.number().int(),
    setupEmailFailedCount: z.number().int(),
    results: z.array(
      z.object({
        rowNumber: z.number().int(),
        status: z.enum(['SUCCESS', 'FAILED']),
        storeId: uuid.nullable(),
        storeName: z.string().nullable(),
        errorCode: z.string().nullable(),
        errorMessage: z.string().nullable(),
        managerAccountCreated: z.boolean(),
        setupEmailSent: z.boolean().nullable(),
      }),
    ),
  })
  .openapi('BulkCreateHqStoreResponse');

export const StoreMeResponseSchema = z
  .object({
    id: uuid,
    name: z.string(),
    type: StoreTypeSchema,
    status: StoreStatusSchema,
    hqId: uuid,
    hqName: z.string(),
    hqType: HqTypeSchema,
    plan: PlanSchema.nullable(),
    address: z.string().nullable(),
    managerName: z.string().nullable(),
    managerEmail: z.string().nullable(),
    managerPhone: z.string().nullable(),
    region: RegionSchema.nullable(),
    closedAt: tsNull,
    hqCommercialCycleSongs: z.number().int(),
    commercialCycleSongs: z.number().int(),
    duckEnabled: z.boolean(),
    duckVolumePercent: z.number().int(),
    duckFadeMs: z.number().int(),
    activeDeviceCount: z.number().int(),
    deviceLimit: z.number().int(),
    createdAt: ts,
    updatedAt: ts,
  })
  .openapi('StoreMeResponse');

export const DeviceResponseSchema = z
  .object({ id: uuid, deviceKey: z.string(), label: z.string(), createdAt: ts, updatedAt: ts })
  .openapi('DeviceResponse');
export const DeviceListItemSchema = DeviceResponseSchema.extend({
  playlist: PlaylistRefSchema.nullable().openapi({ description: "The device's own playlist; null: it follows the store (also while catalog-search is unreachable)" }),
}).openapi('DeviceListItem');
export const DeviceListResponseSchema = z.object({ items: z.array(DeviceListItemSchema) }).openapi('DeviceListResponse');
export const DevicePlaylistResponseSchema = z
  .object({ deviceId: uuid, playlist: PlaylistRefSchema.nullable().openapi({ description: 'null: the device follows the store' }) })
  .openapi('DevicePlaylistResponse');

const DeletionFieldsSchema = z.object({
  deletedAt: ts,
  revokedDeviceCount: z.number().int(),
  withdrawnManagerCount: z.number().int(),
  managerWithdrawalFailedCount: z.number().int().openapi({ description: 'Accounts identity could not withdraw now (logged); they cannot act, their HQ or store is gone' }),
});
export const StoreDeletionResponseSchema = DeletionFieldsSchema.extend({ storeId: uuid }).openapi('StoreDeletionResponse');
export const HqDeletionResponseSchema = DeletionFieldsSchema.extend({ hqId: uuid, deletedStoreIds: z.array(uuid) }).openapi('HqDeletionResponse');

// ---------- presenters (typed by the schemas above) ----------

type Dto<S extends z.ZodType> = z.input<S>;

/** identity's Account message as HqManagerItem / StoreManagerSummaryItem / StoreManagerListItem. */
export const managerItem = (m: ManagerAccount): Dto<typeof ManagerItemSchema> => ({
  id: m.id,
  email: m.email,
  name: m.name ?? null,
  status: m.status,
  passwordMustChange: m.passwordMustChange,
  lastLoginAt: m.lastLoginAt || null,
  createdAt: m.createdAt,
});

export const hqAdminListItem = (hq: HqRow, storeCount: number): Dto<typeof HqAdminListItemSchema> => ({
  id: hq.id,
  name: hq.name,
  businessNumber: hq.businessNumber,
  type: hq.type,
  plan: hq.plan,
  status: hq.status,
  storeCount,
  billingAnchorDay: hq.billingAnchorDay,
  paymentDueDays: hq.paymentDueDays,
  createdAt: toIso(hq.createdAt),
});

export const hqDetail = ({ hq, storeCount, managers }: HqDetail): Dto<typeof HqDetailResponseSchema> => ({
  id: hq.id,
  name: hq.name,
  businessNumber: hq.businessNumber,
  type: hq.type,
  plan: hq.plan,
  status: hq.status,
  llmAutomentEnabled: hq.llmAutomentEnabled,
  llmKeywords: hq.llmKeywords,
  llmMaxPerHour: hq.llmMaxPerHour,
  billingAnchorDay: hq.billingAnchorDay,
  storeCount,
  suspensionReason: hq.status === 'SUSPENDED' ? hq.suspensionReason : null,
  createdAt: toIso(hq.createdAt),
  updatedAt: toIso(hq.updatedAt),
  managers: managers.map(managerItem),
});

export const hqStatus = (hq: HqRow): Dto<typeof HqStatusResponseSchema> => ({
  hqId: hq.id,
  status: hq.status,
  suspensionReason: hq.status === 'SUSPENDED' ? hq.suspensionReason : null,
});

/** The store fields the operator's list and detail share (effective plan and billing day). */
const storeAdminBase = (store: StoreRow, hq: HqRow) => ({
  id: store.id,
  name: store.name,
  type: store.type,
  status: store.status,
  hqId: hq.id,
  hqName: hq.name,
  plan: effectivePlan(store.plan, hq.plan),
  address: store.address,
  managerName: store.managerName,
  billingAnchorDay: effectiveBillingAnchorDay(store.billingAnchorDay, hq.billingAnchorDay),
  lastOnlineAt: toIsoOrNull(store.lastOnlineAt),
  closedAt: toIsoOrNull(store.closedAt),
  createdAt: toIso(store.createdAt),
});

export const storeAdminListItem = (store: StoreRow, hq: HqRow, hasManagerAccount: boolean): Dto<typeof StoreAdminListItemSchema> => ({
  ...storeAdminBase(store, hq),
  hasManagerAccount,
});

export const storeDetail = ({ store, hq, managers }: StoreDetail): Dto<typeof StoreDetailResponseSchema> => ({
  ...storeAdminBase(store, hq),
  managerEmail: store.managerEmail,
  managerPhone: store.managerPhone,
  lastHeartbeatAt: toIsoOrNull(store.lastHeartbeatAt),
  updatedAt: toIso(store.updatedAt),
  managers: managers.map(managerItem),
});

export const storeStatus = (store: StoreRow): Dto<typeof StoreStatusResponseSchema> => ({
  storeId: store.id,
  status: store.status,
  suspensionReason: store.status === 'SUSPENDED' ? store.suspensionReason : null,
});

export const storeClosed = (store: StoreRow): Dto<typeof StoreCloseResponseSchema> => ({ storeId: store.id, closedAt: toIso(store.closedAt!) });

export const hqMe = ({ hq, storeCount }: HqProfile): Dto<typeof HqMeResponseSchema> => ({
  id: hq.id,
  name: hq.name,
  type: hq.type,
  plan: hq.plan,
  status: hq.status,
  businessNumber: hq.businessNumber,
  billingAnchorDay: hq.billingAnchorDay,
  storeCount,
  commercialCycleSongs: hq.commercialCycleSongs,
  duckEnabled: hq.duckEnabled,
  duckVolumePercent: hq.duckVolumePercent,
  duckFadeMs: hq.duckFadeMs,
  createdAt: toIso(hq.createdAt),
});

export const hqStoreListItem = (store: StoreRow, hasManagerAccount: boolean): Dto<typeof HqStoreListItemSchema> => ({
  id: store.id,
  name: store.name,
  type: store.type,
  status: store.status,
  address: store.address,
  managerName: store.managerName,
  lastOnlineAt: toIsoOrNull(store.lastOnlineAt),
  closedAt: toIsoOrNull(store.closedAt),
  createdAt: toIso(store.createdAt),
  hasManagerAccount,
});

export const hqStoreDetail = ({ store, hq, storeManager, activePlaylist, effectivePlaylist }: HqStoreDetail): Dto<typeof HqStoreDetailResponseSchema> => ({
  id: store.id,
  name: store.name,
  address: store.address,
  managerName: store.managerName,
  managerEmail: store.managerEmail,
  phone: store.managerPhone,
  type: store.type,
  status: store.status,
  closedAt: toIsoOrNull(store.closedAt),
  storeManager: storeManager ? { email: storeManager.email, name: storeManager.name ?? null, status: storeManager.status } : null,
  activePlaylist,
  effectivePlaylist,
  commercialCycleSongs: store.commercialCycleSongs,
  region: store.region,
  duckEnabled: store.duckEnabled,
  duckVolumePercent: store.duckVolumePercent,
  duckFadeMs: store.duckFadeMs,
  hqDuckEnabled: hq.duckEnabled,
  hqDuckVolumePercent: hq.duckVolumePercent,
  hqDuckFadeMs: hq.duckFadeMs,
  createdAt: toIso(store.createdAt),
  updatedAt: toIso(store.updatedAt),
});

export const storeMe = ({ store, hq, settings, activeDeviceCount }: StoreMe): Dto<typeof StoreMeResponseSchema> => ({
  id: store.id,
  name: store.name,
  type: store.type,
  status: store.status,
  hqId: hq.id,
  hqName: hq.name,
  hqType: hq.type,
  plan: settings.plan,
  address: store.address,
  managerName: store.managerName,
  managerEmail: store.managerEmail,
  managerPhone: store.managerPhone,
  region: store.region,
  closedAt: toIsoOrNull(store.closedAt),
  hqCommercialCycleSongs: settings.hqCommercialCycleSongs,
  commercialCycleSongs: settings.commercialCycleSongs,
  duckEnabled: settings.duckEnabled,
  duckVolumePercent: settings.duckVolumePercent,
  duckFadeMs: settings.duckFadeMs,
  activeDeviceCount,
  deviceLimit: MAX_ACTIVE_DEVICES,
  createdAt: toIso(store.createdAt),
  updatedAt: toIso(store.updatedAt),
});

export const deviceListItem = ({ device: d, playlist }: DeviceWithPlaylist): Dto<typeof DeviceListItemSchema> => ({ ...device(d), playlist });

export const devicePlaylist = ({ device: d, playlist }: DeviceWithPlaylist): Dto<typeof DevicePlaylistResponseSchema> => ({ deviceId: d.id, playlist });

export const device = (d: DeviceRow): Dto<typeof DeviceResponseSchema> => ({
  id: d.id,
  deviceKey: d.deviceKey,
  label: d.label,
  createdAt: toIso(d.createdAt),
  updatedAt: toIso(d.updatedAt),
});

const deletionFields = (r: DeletionResult) => ({
  deletedAt: toIso(r.deletedAt),
  revokedDeviceCount: r.revokedDeviceCount,
  withdrawnManagerCount: r.withdrawnManagerCount,
  managerWithdrawalFailedCount: r.managerWithdrawalFailedCount,
});

export const storeDeletion = (storeId: string, r: DeletionResult): Dto<typeof StoreDeletionResponseSchema> => ({ storeId, ...deletionFields(r) });

export const hqDeletion = (hqId: string, r: DeletionResult): Dto<typeof HqDeletionResponseSchema> => ({ hqId, deletedStoreIds: r.deletedStoreIds, ...deletionFields(r) });
