import pino from 'pino';
import { createOrganizationClient, organizationProto } from '@storecast/proto';
import { notFound, startGrpcServer, unaryHandler, grpc, type RunningGrpcServer } from '../src';
import { sweepGrpc } from '../src/testing';

const logger = pino({ level: 'silent' });
const KNOWN = '0190c6a0-0000-7000-8000-000000000077';
const METHODS = ['GetHq', 'GetStore', 'ListStoresOfHq', 'GetDevice', 'GetEffectiveStoreSettings', 'GetSignInStatus'] as const;
type Method = (typeof METHODS)[number];
type Impl = (request: Record<string, unknown>, call: grpc.ServerUnaryCall<unknown, unknown>) => Promise<unknown>;

/**
 * OrganizationService with handlers chosen per test: by default each answers its empty message, and
 * GetHq answers the known HQ or NOT_FOUND HQ_NOT_FOUND, as the real handler does.
 */
const serve = async (overrides: Partial<Record<Method, Impl>> = {}, raw: Partial<Record<Method, grpc.handleUnaryCall<unknown, unknown>>> = {}) => {
  const impls: Record<Method, Impl> = {
    GetHq: async (req) => {
      if (String(req.hqId).toLowerCase() !== KNOWN) throw notFound('HQ_NOT_FOUND', 'No such HQ');
      return { id: KNOWN, name: 'HQ', type: 'FRANCHISE', status: 'ACTIVE' };
    },
    GetStore: async () => ({}),
    ListStoresOfHq: async () => ({ stores: [] }),
    GetDevice: async () => ({ valid: false }),
    GetEffectiveStoreSettings: async () => ({}),
    GetSignInStatus: async () => ({}),
    ...overrides,
  };
  const implementation = Object.fromEntries(METHODS.map((m) => [m, raw[m] ?? unaryHandler(impls[m] as never, logger)]));
  const server = await startGrpcServer(0, [{ definition: organizationProto().OrganizationService.service, implementation }], '127.0.0.1');
  return { server, client: createOrganizationClient(`127.0.0.1:${server.port}`) };
};

const failureOf = (p: Promise<void>) => p.then(() => '', (e: Error) => e.message);

describe('sweeping a gRPC service from its message descriptors', () => {
  let running: { server: RunningGrpcServer; client: grpc.Client } | undefined;
  afterEach(async () => {
    running?.client.close();
    await running?.server.close();
    running = undefined;
  });

  it('passes when every method answers OK or a platform error, and reaches the known ids (also in capitals), non-ids and long strings', async () => {
    const seen: string[] = [];
    running = await serve({
      GetStore: async (req) => {
        seen.push(String(req.storeId));
        return {};
      },
    });
    await sweepGrpc({ client: running.client, types: organizationProto(), fixtures: { hqId: [KNOWN], storeId: [KNOWN] }, numRuns: 300 });
    expect(seen).toContain(KNOWN);
    expect(seen).toContain(KNOWN.toUpperCase());
    expect(seen.some((s) => s.length >= 10_000)).toBe(true);
    expect(seen.some((s) => s.length > 0 && !/^[0-9a-f-]{36}$/i.test(s))).toBe(true);
  });

  it('names the method that answered INTERNAL and the request that did it (a string that is no UUID, bound as one)', async () => {
    running = await serve({
      GetHq: async (req) => {
        if (!/^[0-9a-f-]{36}$/i.test(String(req.hqId))) throw new Error(`invalid input syntax for type uuid: "${String(req.hqId)}"`);
        throw notFound('HQ_NOT_FOUND', 'No such HQ');
      },
    });
    const message = await failureOf(sweepGrpc({ client: running.client, types: organizationProto(), numRuns: 100 }));
    expect(message).toContain('1 gRPC method(s) answered a defect');
    expect(message).toContain('/storecast.organization.v1.OrganizationService/GetHq: answered INTERNAL (INTERNAL_ERROR)');
    // Shrunk to the smallest request that fails: often {} (hqId absent arrives as its default, "").
    expect(message).toMatch(/\n {2}sent: \{/);
  });

  it('finds a handler that binds one parameter per item of a repeated field (past 65,535 items)', async () => {
    running = await serve({
      ListStoresOfHq: async (req) => {
        if ((req.storeIds as string[]).length > 65_535) throw new Error('bind message has 70001 parameter formats but 0 parameters');
        return { stores: [] };
      },
    });
    const message = await failureOf(sweepGrpc({ client: running.client, types: organizationProto(), numRuns: 100 }));
    expect(message).toContain('ListStoresOfHq: answered INTERNAL');
  });

  it('refuses an error without a platform code, and a method that never answers', async () => {
    running = await serve(
      { GetDevice: () => new Promise(() => undefined) },
      { GetStore: (_call, callback) => callback({ code: grpc.status.NOT_FOUND, details: 'raw' }) },
    );
    const message = await failureOf(
      sweepGrpc({ client: running.client, types: organizationProto(), numRuns: 3, deadlineMs: 300, skip: ['GetHq', 'ListStoresOfHq', 'GetEffectiveStoreSettings', 'GetSignInStatus'] }),
    );
    expect(message).toContain('GetStore: answered NOT_FOUND without a platform code: raw');
    expect(message).toContain('GetDevice: did not answer within its deadline');
  });

  it('sends each caller token as the bearer in metadata, and calls without one too', async () => {
    const authorizations = new Set<string>();
    running = await serve({
      GetSignInStatus: async (_req, call) => {
        authorizations.add(String(call.metadata.get('authorization')[0] ?? 'none'));
        return {};
      },
    });
    await sweepGrpc({ client: running.client, types: organizationProto(), callers: ['token-a', 'token-b'], numRuns: 40, skip: ['GetHq'] });
    expect([...authorizations].sort()).toEqual(['Bearer token-a', 'Bearer token-b', 'none']);
  });
});
