import * as grpc from '@grpc/grpc-js';
import { badRequest, notFound, startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';
import { legalProto, organizationProto, type LegalServiceHandlers, type OrganizationServiceHandlers } from '@storecast/proto';

/**
 * Contract doubles of LegalService and OrganizationService at the gRPC boundary: real gRPC servers
 * implementing the proto, with state a test sets. `unavailable` makes every call fail with
 * UNAVAILABLE, as an unreachable peer does.
 */
interface Recorder {
  unavailable: boolean;
  calls: Array<{ method: string; request: unknown }>;
}

/** A handler that records the call and answers UNAVAILABLE while the double is "down". */
const handler = <Req, Res>(fake: Recorder, method: string, impl: (req: Req) => Promise<Res>): grpc.handleUnaryCall<Req, Res> => {
  const inner = unaryHandler<Req, Res>(impl);
  return (call, callback) => {
    fake.calls.push({ method, request: call.request });
    if (fake.unavailable) {
      callback({ code: grpc.status.UNAVAILABLE, details: 'peer down', metadata: new grpc.Metadata() }, null);
      return;
    }
    inner(call, callback);
  };
};

export interface HqState {
  name: string;
  type: 'FRANCHISE' | 'INDEPENDENT';
  status: 'ACTIVE' | 'ONBOARDING' | 'UNPAID' | 'SUSPENDED';
}
export interface StoreState {
  hqId: string;
  status: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED';
  closed: boolean;
}

export class FakeOrganization {
  hqs = new Map<string, HqState>();
  stores = new Map<string, StoreState>();
  unavailable = false;
  calls: Array<{ method: string; request: unknown }> = [];
  server?: RunningGrpcServer;

  async start(): Promise<string> {
    const handlers: Partial<OrganizationServiceHandlers> = {
      GetHq: handler(this, 'GetHq', async (req: { hqId: string }) => {
        const hq = this.hqs.get(req.hqId);
        if (!hq) throw notFound('HQ_NOT_FOUND', 'HQ not found');
        return { id: req.hqId, name: hq.name, type: hq.type, status: hq.status };
      }),
      GetSignInStatus: handler(this, 'GetSignInStatus', async (req: { hqId?: string; storeId?: string }) => {
        const store = req.storeId ? this.stores.get(req.storeId) : undefined;
        const hqId = req.hqId ?? store?.hqId;
        const hq = hqId ? this.hqs.get(hqId) : undefined;
        return {
          hqFound: !!hq,
          hqStatus: hq?.status,
          hqType: hq?.type,
          hqName: hq?.name,
          storeFound: !!store,
          storeStatus: store?.status,
          storeClosed: store?.closed ?? false,
        };
      }),
    };
    this.server = await startGrpcServer(0, [{ definition: organizationProto().OrganizationService.service, implementation: handlers as grpc.UntypedServiceImplementation }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

export class FakeLegal {
  terms: string | null = null;
  privacy: string | null = null;
  /** Latest agreed versions per account. */
  agreed = new Map<string, { terms?: string; privacy?: string }>();
  consents: Array<Record<string, unknown>> = [];
  unavailable = false;
  calls: Array<{ method: string; request: unknown }> = [];
  server?: RunningGrpcServer;

  async start(): Promise<string> {
    const handlers: LegalServiceHandlers = {
      GetAgreementStatus: handler(this, 'GetAgreementStatus', async (req: { accountId: string; role: string }) => {
        if (req.role === 'OPERATOR') return { termsRequiresAgreement: false, privacyRequiresAgreement: false };
        const a = this.agreed.get(req.accountId) ?? {};
        return {
          termsRequiresAgreement: this.terms !== null && a.terms !== this.terms,
          privacyRequiresAgreement: this.privacy !== null && a.privacy !== this.privacy,
        };
      }),
      GetActiveVersions: handler(this, 'GetActiveVersions', async () => ({
        termsVersion: this.terms ?? undefined,
        privacyPolicyVersion: this.privacy ?? undefined,
      })),
      RecordConsent: handler(this, 'RecordConsent', async (req: { accountId: string; termsVersion?: string; privacyPolicyVersion?: string }) => {
        if ((req.termsVersion ?? null) !== this.terms || (req.privacyPolicyVersion ?? null) !== this.privacy) {
          throw badRequest('INVALID_LEGAL_VERSION', 'Not the current version');
        }
        this.consents.push({ ...req });
        this.agreed.set(req.accountId, { terms: req.termsVersion, privacy: req.privacyPolicyVersion });
        return {};
      }),
    };
    this.server = await startGrpcServer(0, [{ definition: legalProto().LegalService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
