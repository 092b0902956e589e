import { status as GrpcStatus } from '@grpc/grpc-js';

/** One field problem inside a 400 VALIDATION_FAILED. */
export interface FieldDetail {
  field: string;
  code: string;
  message: string;
}

export interface AppErrorOptions {
  details?: FieldDetail[];
  fields?: Record<string, string>;
  cause?: unknown;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

const defaultGrpcStatus = (httpStatus: number, code: string): GrpcStatus => {
  switch (httpStatus) {
    case 400: return GrpcStatus.INVALID_ARGUMENT;
    case 401: return GrpcStatus.UNAUTHENTICATED;
    case 403: return GrpcStatus.PERMISSION_DENIED;
    case 404: return GrpcStatus.NOT_FOUND;
    // A duplicate is ALREADY_EXISTS; a state conflict (invalid transition, closed store, limit) is
    // FAILED_PRECONDITION. The platform code travels in metadata either way.
    case 409: return /DUPLICATE/.test(code) ? GrpcStatus.ALREADY_EXISTS : GrpcStatus.FAILED_PRECONDITION;
    case 429: return GrpcStatus.RESOURCE_EXHAUSTED;
    case 502:
    case 503: return GrpcStatus.UNAVAILABLE;
    default: return GrpcStatus.INTERNAL;
  }
};

/**
 * The one error type of the platform: a spec error code with its HTTP status and gRPC status.
 * Thrown by use cases and domain rules; mapped to the wire by one handler per transport.
 */
export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly grpcStatus: GrpcStatus;
  readonly details?: FieldDetail[];
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(httpStatus: number, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.grpcStatus = defaultGrpcStatus(httpStatus, code);
    this.details = options.details;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export const badRequest = (code: string, message: string, options?: AppErrorOptions) =>
  new AppError(400, code, message, options);
export const unauthorized = (code: string, message: string, options?: AppErrorOptions) =>
  new AppError(401, code, message, options);
export const forbidden = (code: string, message: string, options?: AppErrorOptions) =>
  new AppError(403, code, message, options);
export const notFound = (code: string, message: string, options?: AppErrorOptions) =>
  new AppError(404, code, message, options);
export const conflict = (code: string, message: string, options?: AppErrorOptions) =>
  new AppError(409, code, message, options);

export const validationFailed = (details: FieldDetail[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'Request validation failed', { details });

/** Upstream (gRPC peer, broker, vendor) could not answer: never a bare 500. */
export const serviceUnavailable = (message = 'A dependency is unavailable', cause?: unknown) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message, { cause });
