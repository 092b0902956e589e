import * as grpc from '@grpc/grpc-js';
import { identityProto, type IdentityServiceHandlers } from '@storecast/proto';
import { notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';

// gRPC contract double of identity's IdentityService.GetAccount, answering the way identity
// answers (proto/storecast/identity/v1): NOT_FOUND with the spec code for unknown ids, UNAVAILABLE
// when `down`. organization is the kit's OrganizationDouble (@storecast/service-kit/testing).

type Unary<Req, Res> = grpc.handleUnaryCall<Req, Res>;

const downable = <Req, Res>(isDown: () => boolean, calls: string[], name: string, impl: (req: Req) => Res): Unary<Req, Res> => {
  const inner = unaryHandler<Req, Res>(async (req) => impl(req));
  return (call, callback) => {
    calls.push(name);
    if (isDown()) return callback({ code: grpc.status.UNAVAILABLE, details: `${name}: down`, metadata: new grpc.Metadata() }, null);
    inner(call, callback);
  };
};

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
