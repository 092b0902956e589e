import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import {
  organizationProto,
  type OrganizationServiceHandlers,
  type OrganizationStatsServiceHandlers,
  type StoreDeviceBatchServiceHandlers,
  type StoreDeviceServiceHandlers,
} from '@storecast/proto';
import { badRequest, notFound } from '../../errors';
import { startGrpcServer, unaryHandler, type RunningGrpcServer } from '../../grpc';
import type { DoubleCall } from './legal.double';

export type HqType = 'FRANCHISE' | 'INDEPENDENT';
export type HqStatus = 'ACTIVE' | 'ONBOARDING' | 'UNPAID' | 'SUSPENDED';
export type StoreType = 'DIRECT' | 'FRANCHISE' | 'INDEPENDENT';
export type StoreStatus = 'ACTIVE' | 'INACTIVE' | 'SUSPENDED';
export type Plan = 'AI' | 'TRUST';

/** An HQ as organization keeps it (settings default to spec 03's: cycle 5, ducking on, 20 %, 400 ms). */
export interface HqRecord {
  id: string;
  name: string;
  type: HqType;
  status: HqStatus;
  plan: Plan | null;
  businessNumber: string | null;
  commercialCycleSongs: number;
  duckEnabled: boolean;
  duckVolumePercent: number;
  duckFadeMs: number;
}

/** A store; setting overrides null = the HQ's value. A store is closed when closedAt is set. */
export interface StoreRecord {
  id: string;
  hqId: string;
  name: string;
  type: StoreType;
  status: StoreStatus;
  region: string | null;
  closedAt: string | null;
  plan: Plan | null;
  address: string | null;
  commercialCycleSongs: number | null;
  duckEnabled: boolean | null;
  duckVolumePercent: number | null;
  duckFadeMs: number | null;
  /** ISO 8601; null: the message leaves created_at out (as an organization that predates it). */
  createdAt: string | null;
}

export interface DeviceRecord {
  id: string;
  storeId: string;
  label: string;
  revoked: boolean;
}

const HQ_DEFAULTS = { type: 'FRANCHISE', status: 'ACTIVE', plan: null, businessNumber: null, commercialCycleSongs: 5, duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400 } as const;
const STORE_DEFAULTS = {
  type: 'FRANCHISE',
  status: 'ACTIVE',
  region: null,
  closedAt: null,
  plan: null,
  address: null,
  commercialCycleSongs: null,
  duckEnabled: null,
  duckVolumePercent: null,
  duckFadeMs: null,
  createdAt: null,
} as const;

const hqNotFound = () => notFound('HQ_NOT_FOUND', 'HQ not found');
const storeNotFound = () => notFound('STORE_NOT_FOUND', 'Store not found');
const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/**
 * Contract double of OrganizationService (proto/storecast/organization/v1/organization.proto) for
 * component tests of its callers: a real gRPC server answering every RPC of the contract from an
 * in-memory table of HQs, stores and devices the test sets (`setHq`, `setStore`, `setDevice`,
 * `remove*`), the way organization answers:
 * - GetHq / GetStore / GetEffectiveStoreSettings: NOT_FOUND with HQ_NOT_FOUND / STORE_NOT_FOUND
 *   (a store whose HQ is not in the table does not exist; GetStore with hq_id of another HQ too);
 * - ListStoresOfHq: the HQ's stores (by ids, by region), closed ones only with include_closed,
 *   ordered by name, id;
 * - GetDevice: valid only for an unrevoked device of that store;
 * - GetSignInStatus: found flags, statuses, type and name; an explicit hq_id wins, and a store of
 *   another HQ is then reported as not found; store_closed when closedAt is set.
 * OrganizationStatsService.GetOrganizationCounts: HQs other than INDEPENDENT ones and stores that
 * are not closed (or `counts` when the test sets it); `statsImplemented = false` answers
 * UNIMPLEMENTED, as an organization that predates it.
 * StoreDeviceService.ListStoreDevices: unrevoked devices of the store in the order they were set.
 * StoreDeviceBatchService.ListDevicesOfStores: devices (revoked flagged) of the listed stores that
 * belong to hq_id, in the order they were set; more than 1000 store ids is INVALID_ARGUMENT.
 * `unavailable = true` answers every call UNAVAILABLE, like an unreachable peer (`unavailableMethods`:
 * only those methods); `calls` lists
 * what was asked. `addHq` / `addStore` / `addDevice` create records with fresh ids.
 */
export class OrganizationDouble {
  unavailable = false;
  /** Methods (e.g. 'ListDevicesOfStores') answering UNAVAILABLE while the others answer. */
  readonly unavailableMethods = new Set<string>();
  /** false: OrganizationStatsService answers UNIMPLEMENTED. */
  statsImplemented = true;
  /** Figures GetOrganizationCounts answers; undefined: counted from the tables. */
  counts?: { hqCount: number; storeCount: number };
  readonly calls: DoubleCall[] = [];
  private readonly hqs = new Map<string, HqRecord>();
  private readonly stores = new Map<string, StoreRecord>();
  private readonly devices = new Map<string, DeviceRecord>();
  private server?: RunningGrpcServer;

  /** Adds or changes an HQ; fields not given keep their value (or the defaults for a new HQ). */
  setHq(hq: Partial<HqRecord> & { id: string }): HqRecord {
    const record: HqRecord = { ...HQ_DEFAULTS, name: `HQ ${hq.id.slice(-6)}`, ...this.hqs.get(hq.id), ...hq };
    this.hqs.set(hq.id, record);
    return record;
  }

  /** Adds or changes a store (its HQ must be set for the store to be found). */
  setStore(store: Partial<StoreRecord> & { id: string; hqId?: string }): StoreRecord {
    const existing = this.stores.get(store.id);
    const hqId = store.hqId ?? existing?.hqId;
    if (!hqId) throw new Error(`store ${store.id} needs an hqId`);
    const record: StoreRecord = { ...STORE_DEFAULTS, name: `Store ${store.id.slice(-6)}`, ...existing, ...store, hqId };
    this.stores.set(store.id, record);
    return record;
  }

  setDevice(device: Partial<DeviceRecord> & { id: string; storeId: string }): DeviceRecord {
    const record: DeviceRecord = { label: 'Device', revoked: false, ...this.devices.get(device.id), ...device };
    this.devices.set(device.id, record);
    return record;
  }

  /** A new HQ with a fresh id (defaults as setHq). */
  addHq(fields: Partial<Omit<HqRecord, 'id'>> = {}): HqRecord {
    return this.setHq({ ...fields, id: randomUUID() });
  }

  /** A new store of the HQ with a fresh id (defaults as setStore). */
  addStore(hqId: string, fields: Partial<Omit<StoreRecord, 'id' | 'hqId'>> = {}): StoreRecord {
    return this.setStore({ ...fields, id: randomUUID(), hqId });
  }

  /** A new device of the store with a fresh id. */
  addDevice(storeId: string, fields: Partial<Omit<DeviceRecord, 'id' | 'storeId'>> = {}): DeviceRecord {
    return this.setDevice({ ...fields, id: randomUUID(), storeId });
  }

  removeHq(id: string): void {
    this.hqs.delete(id);
  }

  removeStore(id: string): void {
    this.stores.delete(id);
  }

  hq(id: string): HqRecord | undefined {
    return this.hqs.get(id);
  }

  store(id: string): StoreRecord | undefined {
    return this.stores.get(id);
  }

  /** Empty tables, reachable, no calls. */
  reset(): void {
    this.unavailable = false;
    this.unavailableMethods.clear();
    this.statsImplemented = true;
    this.counts = undefined;
    this.hqs.clear();
    this.stores.clear();
    this.devices.clear();
    this.calls.length = 0;
  }

  /** A store together with its HQ, as organization joins them. */
  private storeWithHq(storeId: string | undefined, hqId?: string): { store: StoreRecord; hq: HqRecord } | undefined {
    const store = storeId ? this.stores.get(storeId) : undefined;
    const hq = store ? this.hqs.get(store.hqId) : undefined;
    if (!store || !hq || (hqId !== undefined && store.hqId !== hqId)) return undefined;
    return { store, hq };
  }

  private storeMessage(store: StoreRecord, hq: HqRecord) {
    return {
      id: store.id,
      hqId: store.hqId,
      name: store.name,
      type: store.type,
      status: store.status,
      region: opt(store.region),
      closedAt: opt(store.closedAt),
      plan: opt(store.plan ?? hq.plan),
      address: opt(store.address),
      createdAt: opt(store.createdAt),
    };
  }

  private handler<Req, Res>(method: string, impl: (req: Req) => Promise<Res> | Res, implemented: () => boolean = () => true): grpc.handleUnaryCall<Req, Res> {
    const inner = unaryHandler<Req, Res>(async (req) => impl(req));
    return (call, callback) => {
      this.calls.push({ method, request: call.request });
      if (!implemented()) {
        callback({ code: grpc.status.UNIMPLEMENTED, details: `${method} is not implemented`, metadata: new grpc.Metadata() }, null);
        return;
      }
      if (this.unavailable || this.unavailableMethods.has(method)) {
        callback({ code: grpc.status.UNAVAILABLE, details: 'organization double is down', metadata: new grpc.Metadata() }, null);
        return;
      }
      inner(call, callback);
    };
  }

  /** Starts the server on a free local port; answers its address (host:port) for the caller's config. */
  async start(): Promise<string> {
    const handlers: OrganizationServiceHandlers = {
      GetHq: this.handler('GetHq', (req) => {
        const hq = this.hqs.get(req.hqId);
        if (!hq) throw hqNotFound();
        return { id: hq.id, name: hq.name, type: hq.type, status: hq.status, plan: opt(hq.plan), businessNumber: opt(hq.businessNumber) };
      }),
      GetStore: this.handler('GetStore', (req) => {
        const found = this.storeWithHq(req.storeId, req.hqId || undefined);
        if (!found) throw storeNotFound();
        return this.storeMessage(found.store, found.hq);
      }),
      ListStoresOfHq: this.handler('ListStoresOfHq', (req) => {
        const hq = this.hqs.get(req.hqId);
        if (!hq) return { stores: [] };
        const stores = [...this.stores.values()]
          .filter((s) => s.hqId === hq.id)
          .filter((s) => req.storeIds.length === 0 || req.storeIds.includes(s.id))
          .filter((s) => !req.region || s.region === req.region)
          .filter((s) => req.includeClosed || s.closedAt === null)
          .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
        return { stores: stores.map((s) => this.storeMessage(s, hq)) };
      }),
      GetDevice: this.handler('GetDevice', (req) => {
        const device = this.devices.get(req.deviceId);
        return device && device.storeId === req.storeId && !device.revoked ? { valid: true, deviceId: device.id, label: device.label } : { valid: false };
      }),
      GetEffectiveStoreSettings: this.handler('GetEffectiveStoreSettings', (req) => {
        const found = this.storeWithHq(req.storeId);
        if (!found) throw storeNotFound();
        const { store, hq } = found;
        return {
          storeId: store.id,
          hqId: hq.id,
          hqCommercialCycleSongs: hq.commercialCycleSongs,
          commercialCycleSongs: store.commercialCycleSongs ?? hq.commercialCycleSongs,
          duckEnabled: store.duckEnabled ?? hq.duckEnabled,
          duckVolumePercent: store.duckVolumePercent ?? hq.duckVolumePercent,
          duckFadeMs: store.duckFadeMs ?? hq.duckFadeMs,
          plan: opt(store.plan ?? hq.plan),
        };
      }),
      GetSignInStatus: this.handler('GetSignInStatus', (req) => {
        const hqId = req.hqId || undefined;
        const byStore = this.storeWithHq(req.storeId || undefined);
        let store = byStore?.store;
        let hq = byStore?.hq;
        if (hqId) {
          // An explicit hqId wins; a store of another HQ is then reported as not found.
          if (store && store.hqId !== hqId) store = undefined;
          hq = this.hqs.get(hqId);
        }
        return {
          hqFound: hq !== undefined,
          hqStatus: hq?.status,
          hqType: hq?.type,
          hqName: hq?.name,
          storeFound: store !== undefined,
          storeStatus: store?.status,
          storeClosed: store !== undefined && store.closedAt !== null,
        };
      }),
    };
    const stats: OrganizationStatsServiceHandlers = {
      GetOrganizationCounts: this.handler(
        'GetOrganizationCounts',
        () =>
          this.counts ?? {
            hqCount: [...this.hqs.values()].filter((hq) => hq.type !== 'INDEPENDENT').length,
            storeCount: [...this.stores.values()].filter((s) => s.closedAt === null).length,
          },
        () => this.statsImplemented,
      ),
    };
    const devices: StoreDeviceServiceHandlers = {
      ListStoreDevices: this.handler('ListStoreDevices', (req) => ({
        devices: [...this.devices.values()].filter((d) => d.storeId === req.storeId && !d.revoked).map((d) => ({ deviceId: d.id, label: d.label })),
      })),
    };
    const batch: StoreDeviceBatchServiceHandlers = {
      ListDevicesOfStores: this.handler('ListDevicesOfStores', (req) => {
        if (req.storeIds.length > 1000) throw badRequest('VALIDATION_FAILED', 'At most 1000 store ids');
        const ofHq = new Set(req.storeIds.filter((id) => this.stores.get(id)?.hqId === req.hqId));
        return {
          devices: [...this.devices.values()].filter((d) => ofHq.has(d.storeId)).map((d) => ({ storeId: d.storeId, deviceId: d.id, label: d.label, revoked: d.revoked })),
        };
      }),
    };
    const services = organizationProto();
    this.server = await startGrpcServer(
      0,
      [
        { definition: services.OrganizationService.service, implementation: handlers },
        { definition: services.OrganizationStatsService.service, implementation: stats },
        { definition: services.StoreDeviceService.service, implementation: devices },
        { definition: services.StoreDeviceBatchService.service, implementation: batch },
      ],
      '127.0.0.1',
    );
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
