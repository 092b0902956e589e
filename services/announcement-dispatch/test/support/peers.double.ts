import * as grpc from '@grpc/grpc-js';
import { identityProto, organizationProto, type IdentityServiceHandlers, type OrganizationServiceHandlers, type StoreDeviceServiceHandlers } from '@storecast/proto';
import { newId, notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';

export interface DoubleStore {
  id: string;
  hqId: string;
  name: string;
  region: string | null;
  closed: boolean;
}

export interface DoubleDevice {
  id: string;
  storeId: string;
  label: string;
  revoked: boolean;
}

/**
 * Contract doubles of the peers announcement-dispatch calls, on one real gRPC server:
 * organization's OrganizationService (ListStoresOfHq, GetDevice: the others answer UNIMPLEMENTED)
 * and StoreDeviceService, and identity's IdentityService.GetAccount, answering as those services
 * do (ListStoresOfHq: the HQ's non-closed stores by ids or region, ordered by name; GetDevice:
 * valid only for an unrevoked device of that store). `down = true` answers UNAVAILABLE, and so
 * does every method named in `failing` (e.g. 'ListStoreDevices') while the others answer.
 */
export class PeersDouble {
  down = false;
  readonly failing = new Set<string>();
  readonly stores = new Map<string, DoubleStore>();
  readonly devices = new Map<string, DoubleDevice>();
  readonly accounts = new Map<string, string>();
  readonly calls: string[] = [];
  private server?: RunningGrpcServer;

  addStore(hqId: string, partial: Partial<DoubleStore> = {}): DoubleStore {
    const store: DoubleStore = { id: newId(), hqId, name: `Store ${this.stores.size + 1}`, region: null, closed: false, ...partial };
    this.stores.set(store.id, store);
    return store;
  }

  addDevice(storeId: string, partial: Partial<DoubleDevice> = {}): DoubleDevice {
    const device: DoubleDevice = { id: newId(), storeId, label: `Device ${this.devices.size + 1}`, revoked: false, ...partial };
    this.devices.set(device.id, device);
    return device;
  }

  private guard<Req, Res>(name: string, impl: (req: Req) => Res | Promise<Res>): grpc.handleUnaryCall<Req, Res> {
    const inner = unaryHandler<Req, Res>(async (req) => impl(req));
    return (call, callback) => {
      this.calls.push(name);
      if (this.down || this.failing.has(name)) {
        callback({ code: grpc.status.UNAVAILABLE, details: 'peer double is down', metadata: new grpc.Metadata() }, null);
        return;
      }
      inner(call, callback);
    };
  }

  async start(): Promise<string> {
    const organization: Partial<OrganizationServiceHandlers> = {
      ListStoresOfHq: this.guard('ListStoresOfHq', (req) => ({
        stores: [...this.stores.values()]
          .filter((s) => s.hqId === req.hqId && !s.closed)
          .filter((s) => req.storeIds.length === 0 || req.storeIds.includes(s.id))
          .filter((s) => !req.region || s.region === req.region)
          .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
          .map((s) => ({ id: s.id, hqId: s.hqId, name: s.name, type: 'FRANCHISE', status: 'ACTIVE', region: s.region ?? undefined })),
      })),
      GetDevice: this.guard('GetDevice', (req) => {
        const d = this.devices.get(req.deviceId);
        return d && d.storeId === req.storeId && !d.revoked ? { valid: true, deviceId: d.id, label: d.label } : { valid: false };
      }),
    };
    const devices: StoreDeviceServiceHandlers = {
      ListStoreDevices: this.guard('ListStoreDevices', (req) => ({
        devices: [...this.devices.values()].filter((d) => d.storeId === req.storeId && !d.revoked).map((d) => ({ deviceId: d.id, label: d.label })),
      })),
    };
    const identity: Partial<IdentityServiceHandlers> = {
      GetAccount: this.guard('GetAccount', (req) => {
        const email = this.accounts.get(req.id);
        if (!email) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
        return { id: req.id, email, role: 'HQ_MANAGER', status: 'ACTIVE', passwordMustChange: false, createdAt: new Date(0).toISOString() };
      }),
    };
    this.server = await startGrpcServer(
      0,
      [
        { definition: organizationProto().OrganizationService.service, implementation: organization as grpc.UntypedServiceImplementation },
        { definition: organizationProto().StoreDeviceService.service, implementation: devices as unknown as grpc.UntypedServiceImplementation },
        { definition: identityProto().IdentityService.service, implementation: identity as grpc.UntypedServiceImplementation },
      ],
      '127.0.0.1',
    );
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
