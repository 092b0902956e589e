import { AppError, notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';
import { organizationProto, type OrganizationServiceHandlers } from '@storecast/proto';
import { randomUUID } from 'node:crypto';

/**
 * A contract double of organization's gRPC OrganizationService for catalog-search's component
 * tests: GetHq, GetStore and GetDevice over in-test tables, answering NOT_FOUND HQ_NOT_FOUND /
 * STORE_NOT_FOUND like organization. `down()` makes it unreachable.
 */
export class OrganizationDouble {
  readonly hqs = new Map<string, { id: string; name: string; plan: string | null }>();
  readonly stores = new Map<string, { id: string; hqId: string; name: string; closedAt: string | null }>();
  readonly devices = new Map<string, { id: string; storeId: string; revoked: boolean }>();
  private server?: RunningGrpcServer;

  get address(): string {
    if (!this.server) throw new Error('The organization double is not started');
    return `127.0.0.1:${this.server.port}`;
  }

  hq(name = 'Bean Co', plan: string | null = 'TRUST'): string {
    const id = randomUUID();
    this.hqs.set(id, { id, name, plan });
    return id;
  }

  store(hqId: string, options: { closed?: boolean } = {}): string {
    const id = randomUUID();
    this.stores.set(id, { id, hqId, name: `store ${this.stores.size + 1}`, closedAt: options.closed ? new Date().toISOString() : null });
    return id;
  }

  device(storeId: string, options: { revoked?: boolean } = {}): string {
    const id = randomUUID();
    this.devices.set(id, { id, storeId, revoked: options.revoked ?? false });
    return id;
  }

  async start(): Promise<string> {
    // Only what catalog-search calls is answered; the other rpcs fail.
    const unused = unaryHandler<unknown, never>(async () => {
      throw new AppError(501, 'NOT_IMPLEMENTED', 'Not used by catalog-search');
    });
    const implementation: OrganizationServiceHandlers = {
      ListStoresOfHq: unused,
      GetEffectiveStoreSettings: unused,
      GetSignInStatus: unused,
      GetHq: unaryHandler(async (req) => {
        const hq = this.hqs.get(req.hqId);
        if (!hq) throw notFound('HQ_NOT_FOUND', 'HQ not found');
        return { id: hq.id, name: hq.name, type: 'FRANCHISE', plan: hq.plan ?? undefined, status: 'ACTIVE' };
      }),
      GetStore: unaryHandler(async (req) => {
        const store = this.stores.get(req.storeId);
        if (!store || (req.hqId && store.hqId !== req.hqId)) throw notFound('STORE_NOT_FOUND', 'Store not found');
        return { id: store.id, hqId: store.hqId, name: store.name, type: 'FRANCHISE', status: 'ACTIVE', closedAt: store.closedAt ?? undefined };
      }),
      GetDevice: unaryHandler(async (req) => {
        const device = this.devices.get(req.deviceId);
        return device && device.storeId === req.storeId && !device.revoked ? { valid: true, deviceId: device.id, label: 'counter' } : { valid: false };
      }),
    };
    this.server = await startGrpcServer(0, [{ definition: organizationProto().OrganizationService.service, implementation }], '127.0.0.1');
    return this.address;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
