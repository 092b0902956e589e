import jwt from 'jsonwebtoken';
import { createIdentityClient, identityProto, type IdentityServiceClient, type IdentityServiceHandlers } from '@storecast/proto';
import {
  callerInterceptor,
  callerOf,
  callUnary,
  deadlineInterceptor,
  JWT_AUDIENCE,
  JWT_ISSUER,
  onBehalfOf,
  type Principal,
  type RunningGrpcServer,
  startGrpcServer,
  TokenVerifier,
  unaryHandler,
} from '../src';
import { createTestKeys } from '../src/testing';

describe('gRPC calls on behalf of a caller (decision 0008)', () => {
  const keys = createTestKeys();
  const sign = (claims: object, privateKeyPem = keys.privateKeyPem) =>
    jwt.sign({ role: 'HQ_MANAGER', hqId: 'hq-1', passwordMustChange: false, ...claims }, privateKeyPem, {
      algorithm: 'RS256', keyid: 'k1', issuer: JWT_ISSUER, audience: JWT_AUDIENCE, subject: 'acc-1', expiresIn: 60,
    });
  const verifier = new TokenVerifier({ publicKeyPem: keys.publicKeyPem });
  const seen: Principal[] = [];
  let server: RunningGrpcServer;
  let client: IdentityServiceClient;

  beforeAll(async () => {
    // GetAccount answers with the verified caller, never with what the request names.
    const handlers: IdentityServiceHandlers = {
      GetAccount: unaryHandler(async (_req, call) => {
        const caller = await callerOf(call, verifier);
        seen.push(caller);
        return { id: caller.accountId, email: 'caller@example.com', role: caller.role, status: 'ACTIVE', passwordMustChange: false, createdAt: '2026-01-01T00:00:00.000Z', hqId: caller.hqId ?? '' };
      }),
      GetPublicKeys: unaryHandler(async () => ({ keys: [] })),
    };
    server = await startGrpcServer(0, [{ definition: identityProto().IdentityService.service, implementation: handlers }], '127.0.0.1');
    client = createIdentityClient(`127.0.0.1:${server.port}`, { interceptors: [deadlineInterceptor(2000), callerInterceptor()] });
  });

  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('the handler gets the verified principal of the token sent with onBehalfOf', async () => {
    const token = sign({ impersonatedBy: 'op-1' });
    const res = await callUnary(client, 'getAccount', { id: 'someone-else' }, onBehalfOf({ token }));
    expect(res).toMatchObject({ id: 'acc-1', role: 'HQ_MANAGER', hqId: 'hq-1' });
    expect(seen.at(-1)).toMatchObject({ accountId: 'acc-1', role: 'HQ_MANAGER', hqId: 'hq-1', impersonatedBy: 'op-1', token });
  });

  it('a call without a caller answers 401 AUTH_TOKEN_INVALID (UNAUTHENTICATED)', async () => {
    await expect(callUnary(client, 'getAccount', { id: 'x' })).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
    // A principal without a token (an upload ticket's) sends nothing either.
    await expect(callUnary(client, 'getAccount', { id: 'x' }, onBehalfOf({ token: '' }))).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
  });

  it('a token signed by another key answers 401 AUTH_TOKEN_INVALID', async () => {
    const forged = sign({ role: 'OPERATOR' }, createTestKeys().privateKeyPem);
    await expect(callUnary(client, 'getAccount', { id: 'x' }, onBehalfOf({ token: forged }))).rejects.toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
  });

  it('the deadline interceptor still applies beside the caller interceptor', async () => {
    const started = await callUnary(client, 'getAccount', { id: 'x' }, onBehalfOf({ token: sign({}) }, { deadline: new Date(Date.now() + 1000) }));
    expect(started.id).toBe('acc-1');
  });
});
