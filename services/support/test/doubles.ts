import * as grpc from '@grpc/grpc-js';
import {
  identityProto,
  organizationProto,
  type IdentityServiceHandlers,
  type OrganizationServiceHandlers,
  type OrganizationStatsServiceHandlers,
} from '@storecast/proto';
import { notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';

// gRPC contract doubles of support's peers, answering the way organization and identity answer
// (proto/storecast/*/v1): NOT_FOUND with the spec code for unknown ids, UNAVAILABLE when `down`.
// Only the RPCs support calls are implemented; the others answer UNIMPLEMENTED.

type Unary<Req, Res> = grpc.handleUnaryCall<Req, Res>;

const downable = <Req, Res>(isDown: () => boolean, calls: string[], name: string, impl: (req: Req) => Res): Unary<Req, Res> => {
  const inner = unaryHandler<Req, Res>(async (req) => impl(req));
  return (call, callback) => {
    calls.push(name);
    if (isDown()) return callback({ code: grpc.status.UNAVAILABLE, details: `${name}: down`, metadata: new grpc.Metadata() }, null);
    inner(call, callback);
  };
};

export interface DoubleStore {
  id: string;
  hqId: string;
  name: string;
  closedAt?: string;
}

/** OrganizationService (GetHq, GetStore) and OrganizationStatsService (GetOrganizationCounts). */
export class OrganizationDouble {
  readonly hqs = new Map<string, { id: string; name: string }>();
  readonly stores = new Map<string, DoubleStore>();
  readonly calls: string[] = [];
  down = false;
  /** false: OrganizationStatsService answers UNIMPLEMENTED, as an organization that predates it. */
  statsImplemented = true;
  counts = { hqCount: 0, storeCount: 0 };
  private server?: RunningGrpcServer;

  hq(id: string, name: string) {
    this.hqs.set(id, { id, name });
  }

  store(store: DoubleStore) {
    this.stores.set(store.id, store);
  }

  async start(): Promise<string> {
    const isDown = () => this.down;
    const org: Pick<OrganizationServiceHandlers, 'GetHq' | 'GetStore'> = {
      GetHq: downable(isDown, this.calls, 'GetHq', (req) => {
        const hq = this.hqs.get(req.hqId);
        if (!hq) throw notFound('HQ_NOT_FOUND', 'HQ not found');
        return { id: hq.id, name: hq.name, type: 'FRANCHISE', status: 'ACTIVE' };
      }),
      GetStore: downable(isDown, this.calls, 'GetStore', (req) => {
        const store = this.stores.get(req.storeId);
        if (!store || (req.hqId && req.hqId !== store.hqId)) throw notFound('STORE_NOT_FOUND', 'Store not found');
        return { id: store.id, hqId: store.hqId, name: store.name, type: 'FRANCHISE', status: 'ACTIVE', closedAt: store.closedAt };
      }),
    };
    const stats: OrganizationStatsServiceHandlers = {
      GetOrganizationCounts: (call, callback) => {
        if (!this.statsImplemented) return callback({ code: grpc.status.UNIMPLEMENTED, details: 'unimplemented', metadata: new grpc.Metadata() }, null);
        downable(isDown, this.calls, 'GetOrganizationCounts', () => this.counts)(call, callback);
      },
    };
    const services = organizationProto();
    this.server = await startGrpcServer(
      0,
      [
        { definition: services.OrganizationService.service, implementation: org },
        { definition: services.OrganizationStatsService.service, implementation: stats },
      ],
      '127.0.0.1',
    );
    return `127.0.0.1:${this.server.port}`;
  }

  async stop() {
    await this.server?.close();
  }
}

export interface DoubleAccount {
  id: string;
  email: string;
  name?: string;
  role: 'OPERATOR' | 'HQ_MANAGER' | 'STORE_MANAGER';
  status: 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';
}

/** IdentityService.GetAccount. */
export class IdentityDouble {
  readonly accounts = new Map<string, DoubleAccount>();
  readonly calls: string[] = [];
  down = false;
  private server?: RunningGrpcServer;

  account(account: DoubleAccount) {
    this.accounts.set(account.id, account);
  }

  async start(): Promise<string> {
    const handlers: Pick<IdentityServiceHandlers, 'GetAccount'> = {
      GetAccount: downable(() => this.down, this.calls, 'GetAccount', (req) => {
        const a = this.accounts.get(req.id);
        if (!a) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
        return { id: a.id, email: a.email, name: a.name, role: a.role, status: a.status, passwordMustChange: false, createdAt: '2026-01-01T00:00:00.000Z' };
      }),
    };
    this.server = await startGrpcServer(0, [{ definition: identityProto().IdentityService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop() {
    await this.server?.close();
  }
}
