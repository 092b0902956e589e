import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, service as healthServiceDefinition, type ServingStatus } from 'grpc-health-check';
import type { Logger } from 'pino';
import { AppError } from './errors';
import { hostileInput } from './validation';

const APP_CODE = 'x-app-code';
const APP_HTTP_STATUS = 'x-app-http-status';

/** HTTP status a gRPC status stands for, when the peer sent no platform code. */
const httpStatusOf = (code: grpc.status): number => {
  switch (code) {
    case grpc.status.INVALID_ARGUMENT: return 400;
    case grpc.status.UNAUTHENTICATED: return 401;
    case grpc.status.PERMISSION_DENIED: return 403;
    case grpc.status.NOT_FOUND: return 404;
    case grpc.status.ALREADY_EXISTS:
    case grpc.status.ABORTED:
    case grpc.status.FAILED_PRECONDITION: return 409;
    case grpc.status.RESOURCE_EXHAUSTED: return 429;
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED: return 503;
    default: return 500;
  }
};

/** An AppError (or a defect) as a gRPC error carrying the platform code in metadata. */
export const toGrpcError = (err: unknown, logger?: Logger): Partial<grpc.StatusObject> => {
  const metadata = new grpc.Metadata();
  if (err instanceof AppError) {
    metadata.set(APP_CODE, err.code);
    metadata.set(APP_HTTP_STATUS, String(err.httpStatus));
    return { code: err.grpcStatus, details: err.message, metadata };
  }
  logger?.error({ err }, 'grpc handler failed');
  metadata.set(APP_CODE, 'INTERNAL_ERROR');
  return { code: grpc.status.INTERNAL, details: 'Internal error', metadata };
};

/** A gRPC failure as the AppError the caller's transport maps to the spec's code. */
export const fromGrpcError = (err: grpc.ServiceError): AppError => {
  const code = err.metadata?.get(APP_CODE)?.[0];
  const http = Number(err.metadata?.get(APP_HTTP_STATUS)?.[0]);
  if (typeof code === 'string' && code !== 'INTERNAL_ERROR') {
    return new AppError(Number.isFinite(http) && http > 0 ? http : httpStatusOf(err.code), code, err.details, { cause: err });
  }
  if (err.code === grpc.status.UNAVAILABLE || err.code === grpc.status.DEADLINE_EXCEEDED) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', 'A dependency is unavailable', { cause: err });
  }
  return new AppError(502, 'UPSTREAM_ERROR', 'A dependency failed', { cause: err });
};

type UnaryImpl<Req, Res> = (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>;

/**
 * Adapts an async function to a grpc-js unary handler; thrown AppErrors travel as status +
 * platform code, anything else as INTERNAL (logged). A request carrying a value PostgreSQL refuses
 * (a NUL character in any string) is refused first, INVALID_ARGUMENT VALIDATION_FAILED naming the
 * field, as HTTP routes refuse it: what a peer relays came from a client. (Lone surrogates cannot
 * arrive: protobuf strings are UTF-8, so they decode as U+FFFD.)
 */
export const unaryHandler = <Req, Res>(impl: UnaryImpl<Req, Res>, logger?: Logger): grpc.handleUnaryCall<Req, Res> =>
  (call, callback) => {
    const hostile = hostileInput(call.request, '');
    if (hostile) {
      const field = hostile.field || '(root)';
      callback(toGrpcError(new AppError(400, 'VALIDATION_FAILED', `${field} ${hostile.message}`, { details: [{ field, code: 'INVALID_STRING', message: hostile.message }] })));
      return;
    }
    impl(call.request, call).then(
      (res) => callback(null, res),
      (err) => callback(toGrpcError(err, logger)),
    );
  };

export interface RunningGrpcServer {
  server: grpc.Server;
  port: number;
  /** The gRPC services served, by full name (`storecast.identity.v1.IdentityService`). */
  serviceNames: string[];
  /** Sets the standard health status (grpc.health.v1) of the server and of every service. */
  setServing(serving: boolean): void;
  /** NOT_SERVING first (health watchers learn it), then a graceful shutdown (forced after 5 s). */
  close(): Promise<void>;
}

/** The standard gRPC health service (grpc.health.v1.Health), registered on every kit server. */
export const HEALTH_SERVICE = healthServiceDefinition as unknown as grpc.ServiceDefinition;

/** `storecast.identity.v1.IdentityService` from a service definition (its methods' paths carry it). */
const serviceNameOf = (definition: grpc.ServiceDefinition): string | undefined =>
  Object.values(definition)[0]?.path.split('/')[1];

/**
 * Binds (port 0 allowed) and starts a server with the given service implementations, plus the
 * standard health service: SERVING (for "" — the whole server — and for each service name) once
 * bound, NOT_SERVING as soon as close() starts, so health checks and load balancers stop sending
 * calls while it drains.
 */
export const startGrpcServer = async (
  port: number,
  services: Array<{ definition: grpc.ServiceDefinition; implementation: grpc.UntypedServiceImplementation }>,
  host = '0.0.0.0',
): Promise<RunningGrpcServer> => {
  const server = new grpc.Server();
  for (const s of services) server.addService(s.definition, s.implementation);
  const serviceNames = services.map((s) => serviceNameOf(s.definition)).filter((n): n is string => !!n);
  const healthNames = ['', ...serviceNames];
  const health = new HealthImplementation(Object.fromEntries(healthNames.map((n) => [n, 'NOT_SERVING' as ServingStatus])));
  health.addToServer(server);
  const setServing = (serving: boolean) => {
    for (const n of healthNames) health.setStatus(n, serving ? 'SERVING' : 'NOT_SERVING');
  };
  const actual = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  setServing(true);
  return {
    server,
    port: actual,
    serviceNames,
    setServing,
    close: () =>
      new Promise<void>((resolve) => {
        setServing(false);
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 5000);
        force.unref();
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
};

export const DEFAULT_DEADLINE_MS = 3000;

/** A client-side interceptor that gives every call a deadline unless the caller set one. */
export const deadlineInterceptor = (ms: number = DEFAULT_DEADLINE_MS): grpc.Interceptor => (options, nextCall) => {
  if (options.deadline === undefined) options.deadline = new Date(Date.now() + ms);
  return new grpc.InterceptingCall(nextCall(options));
};

/**
 * The metadata key carrying the verified caller's access token on a call made on its behalf
 * (decision 0008): `authorization: Bearer <token>`, read on the receiving side by callerOf().
 */
export const CALLER_METADATA_KEY = 'authorization';

/** Call options of a call made on behalf of a caller (its bearer token travels in metadata). */
export interface CallerCallOptions extends grpc.CallOptions {
  caller?: { token: string };
}

/**
 * The per-call options that make callerInterceptor put the caller's access token in the call's
 * metadata: `callUnary(client, 'createManagerAccount', request, onBehalfOf(principal))`.
 */
export const onBehalfOf = (caller: { token: string }, options: grpc.CallOptions = {}): CallerCallOptions => ({ ...options, caller });

/**
 * A client-side interceptor (runtime.peer installs it on every peer client) that sends the access
 * token of the call's `caller` option, when one is given, as `authorization: Bearer <token>`.
 * A caller without a token (an upload ticket's principal) sends nothing: the receiver then
 * refuses the call where it needs a caller.
 */
export const callerInterceptor = (): grpc.Interceptor => (options, nextCall) => {
  const caller = (options as CallerCallOptions).caller;
  return new grpc.InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      if (caller?.token) metadata.set(CALLER_METADATA_KEY, `Bearer ${caller.token}`);
      next(metadata, listener);
    },
  });
};

type Callback<Res> = (err: grpc.ServiceError | null, res?: Res) => void;
type UnaryMethod<Req, Res> = (req: Req, metadata: grpc.Metadata, options: grpc.CallOptions, cb: Callback<Res>) => unknown;

/**
 * Calls a unary method as a promise; failures come back as AppErrors with the peer's code.
 * Usage: `await unary(client.getAccount.bind(client), { id })`.
 */
export const unary = <Req, Res>(
  method: UnaryMethod<Req, Res>,
  request: Req,
  options: grpc.CallOptions = {},
  metadata: grpc.Metadata = new grpc.Metadata(),
): Promise<Res> =>
  new Promise((resolve, reject) => {
    method(request, metadata, options, (err, res) => {
      if (err) reject(fromGrpcError(err));
      else resolve(res as Res);
    });
  });

export { grpc };

// The generated clients overload each method; the last overload is (argument, callback), which
// is the one conditional types see, so request and response types are read from it.
type RequestOf<F> = F extends (argument: infer A, callback: grpc.requestCallback<infer _R>) => grpc.ClientUnaryCall ? A : never;
type ResponseOf<F> = F extends (argument: infer _A, callback: grpc.requestCallback<infer R>) => grpc.ClientUnaryCall ? R : never;
type UnaryMethodName<C> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [K in keyof C]: C[K] extends (argument: any, callback: grpc.requestCallback<any>) => grpc.ClientUnaryCall ? K : never;
}[keyof C];

/**
 * Typed unary call by method name: `await callUnary(client, 'getAccount', { id })` infers the
 * request and response from the generated client. Failures come back as AppErrors. On behalf of
 * a caller: `callUnary(client, 'm', request, onBehalfOf(principal))` (see callerInterceptor).
 */
export const callUnary = <C extends grpc.Client, M extends UnaryMethodName<C>>(
  client: C,
  method: M,
  request: RequestOf<C[M]>,
  options: CallerCallOptions = {},
): Promise<NonNullable<ResponseOf<C[M]>>> => {
  const fn = client[method] as unknown as UnaryMethod<RequestOf<C[M]>, NonNullable<ResponseOf<C[M]>>>;
  return unary(fn.bind(client), request, options);
};
