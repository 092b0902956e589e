import { Router, type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  authenticate,
  authenticateUploadTicket,
  optionalAuthenticate,
  principalOf,
  requirePasswordChanged,
  requireRole,
  UPLOAD_TICKET_HEADER,
  type Principal,
  type Role,
  type TokenVerifier,
  type UploadPurpose,
} from './auth';
import { AppError, forbidden, type FieldDetail } from './errors';
import { legacyErrorBody, toAppError } from './http-errors';
import './upload';
import { buildOpenApiDocument, createRegistry, errorResponses, type OpenAPIRegistry, type RouteConfig } from './openapi';
import type { TicketSigner } from './tickets';
import { hostileInput, parseInput, parseInputAs, uuidSchema } from './validation';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route:
 * - 'public': no token (an Authorization header is not even read);
 * - 'optional': principal set when a valid token is present, never fails;
 * - { roles }: a valid token of one of the roles (401 / 403 FORBIDDEN), outside the forced
 *   password change allowlist unless allowPasswordChange (403 PASSWORD_CHANGE_REQUIRED), and
 *   not while impersonating when forbidImpersonation (403 IMPERSONATION_FORBIDDEN_ACTION, checked
 *   before the role, so an impersonated HQ manager session on an operator path gets this code).
 *   With uploadPurposes, a request without a bearer token may instead carry an upload ticket
 *   (X-Upload-Ticket) of one of those purposes: the principal then comes from the ticket's claims
 *   (auth.ts authenticateUploadTicket; the role gate still applies). A ticket naming a target id is
 *   accepted only where the path parameter `uploadTargetParam` (by default the route's only path
 *   parameter) equals it; on a route without path parameters, only tickets without a target.
 */
export type RouteAuth =
  | 'public'
  | 'optional'
  | {
      roles: readonly Role[];
      allowPasswordChange?: boolean;
      forbidImpersonation?: boolean;
      uploadPurposes?: readonly UploadPurpose[];
      uploadTargetParam?: string;
    };

/** The success response: a status and, unless it has no body (204, streamed files), its schema. */
export interface RouteResponse<R extends z.ZodType | undefined> {
  status: number;
  /**
   * Other success statuses answering the same body (e.g. 200 when a registration already existed,
   * 201 when it was created); the handler picks one with `setStatus`.
   */
  alsoStatuses?: number[];
  description: string;
  schema?: R;
  /** Content type when it is not JSON (text/csv, audio/mpeg): the body is then not checked. */
  contentType?: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** `{storeId}` segments of a path literal, so handlers get typed params without a schema. */
type PathParamNames<S extends string> = S extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;
type ParamsOf<P, Path extends string> = P extends z.ZodType ? z.output<P> : { [K in PathParamNames<Path>]: string };
type ResponseValue<R> = R extends z.ZodType ? z.input<R> : void;

export interface RouteInput<P, Q, B, A, Path extends string = string> {
  params: ParamsOf<P, Path>;
  query: Out<Q>;
  body: Out<B>;
  principal: A extends 'public' ? undefined : A extends 'optional' ? Principal | undefined : Principal;
  req: Request;
  res: Response;
  /** Answers one of the response's `alsoStatuses` instead of its `status`. */
  setStatus: (status: number) => void;
}

export interface RouteSpec<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
  A extends RouteAuth,
  Path extends string = string,
> {
  method: HttpMethod;
  /** OpenAPI form, `/api/v1/hq/stores/{storeId}`; express gets `:storeId`. */
  path: Path;
  /** Stable name for generated clients: the spec's own where it names one, else camelCase verbNoun. */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: A;
  /** Path parameters; when omitted every `{name}` is a UUID (400 VALIDATION_FAILED otherwise). */
  params?: P;
  query?: Q;
  /** JSON body (documented as application/json). */
  body?: B;
  /** A non-JSON request body (multipart/form-data, text/csv) for the document only; parsed by `before`. */
  requestContent?: { contentType: string; schema: z.ZodType; description?: string };
  /** Headers the route reads, documented (e.g. X-Upload-Ticket). */
  headers?: z.ZodObject;
  /** Invalid params/query/body answer 400 with this code instead of VALIDATION_FAILED. */
  invalidCode?: string;
  /** Handlers run after the guard and before parsing (multipart readers, raw body). */
  before?: RequestHandler[];
  response: RouteResponse<R>;
  /** Other documented answers: status → the spec's codes. */
  errors?: Record<number, string[]>;
  /**
   * Spec 01's legacy error shape `{ message, error: "Bad Request", statusCode }` for this route
   * instead of the platform envelope: documented with LegacyErrorSchema, rendered by the route
   * itself (so also for errors of its guard and `before` handlers). `invalidMessage` turns the
   * per-field details of invalid input (params, query, body, hostile input) into the message;
   * a 5xx answers "Unknown error has occurred." (logged with an errorId).
   */
  legacyErrors?: LegacyErrorsOption;
  /**
   * Returns the response body (sent as JSON with response.status), or nothing for a bodiless
   * status. A handler that writes the response itself (streams, files) leaves it sent.
   */
  handler: (input: RouteInput<P, Q, B, A, Path>) => Promise<ResponseValue<R>> | ResponseValue<R>;
}

/** The body of spec 01's legacy errors, as an OpenAPI component. */
export const LegacyErrorSchema = z
  .object({ message: z.string(), error: z.literal('Bad Request'), statusCode: z.number().int() })
  .openapi('LegacyError');

export interface LegacyErrorsOption {
  /** The message of a 400 for invalid input, from the per-field details the kit found. */
  invalidMessage: (details: FieldDetail[]) => string;
}

/** Renders every error of a legacy route in spec 01's shape (the route's last handler). */
const legacyRouteErrors = (option: LegacyErrorsOption, invalidCode: string): ErrorRequestHandler => (err, req, res, _next) => {
  const appError = toAppError(err);
  if (appError && appError.httpStatus < 500) {
    if (appError.headers) res.set(appError.headers);
    const message = appError.httpStatus === 400 && appError.code === invalidCode && appError.details?.length ? option.invalidMessage(appError.details) : appError.message;
    res.status(appError.httpStatus).json(legacyErrorBody(appError.httpStatus, message));
    return;
  }
  const errorId = randomUUID();
  req.log.error({ err, errorId, method: req.method, path: req.path }, 'unexpected error');
  res.status(500).json(legacyErrorBody(500, 'Unknown error has occurred.'));
};

/** What the response checker of the tests needs to know about a route. */
export interface DefinedRoute {
  method: HttpMethod;
  path: string;
  operationId: string;
  pattern: RegExp;
  success: { status: number; alsoStatuses: number[]; schema?: z.ZodType; contentType?: string };
  errorStatuses: number[];
  /** The spec codes each error status may carry (what the OpenAPI description of that status lists). */
  errorCodes: Record<number, string[]>;
  /** The body of its error answers when it is not the platform envelope (legacy routes). */
  errorSchema?: z.ZodType;
  /** What the route accepts, for tests that generate requests from it (testing/schema-sweep). */
  request: { auth: RouteAuth; params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType; contentType?: string };
}

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const toPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '[^/]+')}$`);

const rejectHostile = (sources: Record<string, unknown>, code: string) => {
  for (const value of Object.values(sources)) {
    const found = hostileInput(value, '');
    if (!found) continue;
    const field = found.field || '(root)';
    const message = `${found.field || 'input'} ${found.message}`;
    // details belong to VALIDATION_FAILED alone; a domain code says it in message and fields.
    throw code === 'VALIDATION_FAILED'
      ? new AppError(400, code, message, { details: [{ field, code: 'INVALID_STRING', message: found.message }] })
      : new AppError(400, code, message, { fields: { [field]: found.message } });
  }
};

/** The path parameter an upload ticket's target id must equal, if the route accepts tickets and has one. */
const uploadTargetParam = (auth: RouteAuth, path: string): string | undefined => {
  if (auth === 'public' || auth === 'optional' || !auth.uploadPurposes?.length) return undefined;
  const names = pathParams(path);
  if (auth.uploadTargetParam !== undefined) {
    if (!names.includes(auth.uploadTargetParam)) throw new Error(`${path} has no path parameter ${auth.uploadTargetParam}`);
    return auth.uploadTargetParam;
  }
  if (names.length > 1) throw new Error(`${path} accepts upload tickets: name the target with uploadTargetParam`);
  return names[0];
};

const guardFor = (auth: RouteAuth, path: string, verifier: TokenVerifier | undefined, uploadTickets: TicketSigner | undefined): RequestHandler[] => {
  if (auth === 'public') return [];
  if (!verifier) throw new Error('A route with auth needs the ServiceApi to have a token verifier');
  if (auth === 'optional') return [optionalAuthenticate(verifier)];
  const chain: RequestHandler[] = [];
  if (auth.uploadPurposes?.length) {
    chain.push(authenticateUploadTicket(uploadTickets, { purposes: auth.uploadPurposes, targetParam: uploadTargetParam(auth, path) }));
  }
  chain.push(authenticate(verifier));
  // Before the role gate: an impersonated session (an HQ manager's role) on an operator-only
  // path gets the spec's IMPERSONATION_FORBIDDEN_ACTION, not a bare FORBIDDEN.
  // An operator-only path is never for an impersonated session either (the impersonating operator
  // acts as the HQ manager, with none of the operator's powers): same code, same rule as the gateway.
  const operatorOnly = auth.roles.includes('OPERATOR') && !auth.roles.includes('HQ_MANAGER');
  if (auth.forbidImpersonation || operatorOnly) {
    chain.push((req, _res, next) =>
      next(req.principal?.impersonatedBy ? forbidden('IMPERSONATION_FORBIDDEN_ACTION', 'This action is not allowed while impersonating') : undefined),
    );
  }
  chain.push(requireRole(...auth.roles));
  if (!auth.allowPasswordChange) chain.push(requirePasswordChanged);
  return chain;
};

const defaultErrors = (auth: RouteAuth, hasInput: boolean, invalidCode?: string, hasPathParams = false): Record<number, string[]> => {
  const errors: Record<number, string[]> = {};
  if (hasInput) errors[400] = [invalidCode ?? 'VALIDATION_FAILED'];
  // A path that is not valid percent-encoded UTF-8 is refused while express decodes it, before any
  // route is chosen, so with the platform's code whatever the route's own (http-errors.ts).
  if (invalidCode && hasPathParams) errors[400]!.push('VALIDATION_FAILED (a path that is not valid percent-encoded UTF-8)');
  if (auth !== 'public' && auth !== 'optional') {
    errors[401] = ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'];
    errors[403] = ['FORBIDDEN', ...(auth.allowPasswordChange ? [] : ['PASSWORD_CHANGE_REQUIRED']), ...(auth.forbidImpersonation || (auth.roles.includes('OPERATOR') && !auth.roles.includes('HQ_MANAGER')) ? ['IMPERSONATION_FORBIDDEN_ACTION'] : [])];
    if (auth.uploadPurposes?.length) {
      errors[401].push('UPLOAD_TICKET_INVALID');
      errors[503] = ['UPLOAD_NOT_CONFIGURED'];
    }
  }
  return errors;
};

const legacyErrorResponses = (errors: Record<number, string[]>): RouteConfig['responses'] =>
  Object.fromEntries(
    Object.entries(errors).map(([status, codes]) => [status, { description: codes.join(', '), content: { 'application/json': { schema: LegacyErrorSchema } } }]),
  );

const mergeErrors = (a: Record<number, string[]>, b: Record<number, string[]>) => {
  const out: Record<number, string[]> = { ...a };
  for (const [status, codes] of Object.entries(b)) out[Number(status)] = [...new Set([...(out[Number(status)] ?? []), ...codes])];
  return out;
};

export interface ServiceApiOptions {
  title: string;
  description?: string;
  version?: string;
  /** Verifies bearer tokens for every route whose auth is not 'public'. */
  verifier?: TokenVerifier;
  /**
   * Verifies upload tickets on routes with `auth.uploadPurposes` (the kit's uploadTicketSigner over
   * UPLOAD_TICKET_SECRET); without it such routes answer a ticket with 503 UPLOAD_NOT_CONFIGURED.
   */
  uploadTickets?: TicketSigner;
}

/**
 * A service's HTTP surface: every route is defined once (method, path, schemas, guard, handler)
 * and registered on its express router and in its OpenAPI document together, so the two never
 * drift. The list of defined routes also feeds the tests' response checker
 * (`@storecast/service-kit/testing` apiClient), which validates every answer against the schema
 * registered for its status.
 */
export class ServiceApi {
  readonly registry: OpenAPIRegistry = createRegistry();
  readonly routes: DefinedRoute[] = [];
  private readonly operationIds = new Set<string>();
  private uploadTicketSchemeRegistered = false;
  private document?: unknown;

  constructor(private readonly options: ServiceApiOptions) {}

  /** A router to define routes on; mount it with the service runtime's serve({ routers }). */
  router(): Router {
    return Router();
  }

  define<
    P extends z.ZodObject | undefined = undefined,
    Q extends z.ZodObject | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    R extends z.ZodType | undefined = undefined,
    A extends RouteAuth = RouteAuth,
    Path extends string = string,
  >(router: Router, spec: RouteSpec<P, Q, B, R, A, Path>): void {
    if (this.operationIds.has(spec.operationId)) throw new Error(`operationId ${spec.operationId} is defined twice`);
    this.operationIds.add(spec.operationId);
    const names = pathParams(spec.path);
    const params = (spec.params ??
      (names.length ? z.object(Object.fromEntries(names.map((n) => [n, uuidSchema()]))) : undefined)) as z.ZodObject | undefined;
    const hasInput = Boolean(params || spec.query || spec.body || spec.requestContent);
    const errors = mergeErrors(defaultErrors(spec.auth, hasInput, spec.invalidCode, names.length > 0), spec.errors ?? {});

    const purposes = spec.auth !== 'public' && spec.auth !== 'optional' ? (spec.auth.uploadPurposes ?? []) : [];
    const targetParam = uploadTargetParam(spec.auth, spec.path);
    if (purposes.length && !this.uploadTicketSchemeRegistered) {
      this.registry.registerComponent('securitySchemes', 'uploadTicket', {
        type: 'apiKey',
        in: 'header',
        name: 'X-Upload-Ticket',
        description: 'An upload ticket from POST /api/v1/uploads/tickets, instead of a bearer token, on the routes that name its purpose',
      });
      this.uploadTicketSchemeRegistered = true;
    }
    const ticketHeader = purposes.length
      ? z.object({
          [UPLOAD_TICKET_HEADER]: z
            .string()
            .optional()
            .describe(
              `Upload ticket of purpose ${purposes.join(' or ')}${targetParam ? ` whose target is this ${targetParam}` : ''}, used when no bearer token is sent (the gateway's POST /api/v1/uploads/files forwards it here)`,
            ),
        })
      : undefined;
    const headers = spec.headers && ticketHeader ? spec.headers.extend(ticketHeader.shape) : (spec.headers ?? ticketHeader);
    const description = purposes.length
      ? [spec.description, `Accepts an upload ticket (X-Upload-Ticket, purpose ${purposes.join(' or ')}) instead of a bearer token; an invalid, expired or foreign ticket answers 401 UPLOAD_TICKET_INVALID.`]
          .filter(Boolean)
          .join(' ')
      : spec.description;

    const success: RouteConfig['responses'][string] = spec.response.schema
      ? { description: spec.response.description, content: { [spec.response.contentType ?? 'application/json']: { schema: spec.response.schema } } }
      : spec.response.contentType
        ? { description: spec.response.description, content: { [spec.response.contentType]: { schema: z.string() } } }
        : { description: spec.response.description };
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      summary: spec.summary,
      description,
      tags: spec.tags,
      security: spec.auth === 'public' ? undefined : [{ bearerAuth: [] }, ...(purposes.length ? [{ uploadTicket: [] }] : [])],
      request: {
        ...(params ? { params } : {}),
        ...(spec.query ? { query: spec.query } : {}),
        ...(headers ? { headers } : {}),
        ...(spec.body ? { body: { content: { 'application/json': { schema: spec.body } }, required: true } } : {}),
        ...(spec.requestContent
          ? { body: { description: spec.requestContent.description, content: { [spec.requestContent.contentType]: { schema: spec.requestContent.schema } }, required: true } }
          : {}),
      },
      responses: {
        [spec.response.status]: success,
        ...Object.fromEntries((spec.response.alsoStatuses ?? []).map((status) => [status, success])),
        ...(spec.legacyErrors ? legacyErrorResponses(errors) : errorResponses(errors)),
      },
    });
    this.routes.push({
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      pattern: toPattern(spec.path),
      success: { status: spec.response.status, alsoStatuses: spec.response.alsoStatuses ?? [], schema: spec.response.schema, contentType: spec.response.contentType },
      errorStatuses: Object.keys(errors).map(Number),
      errorCodes: errors,
      ...(spec.legacyErrors ? { errorSchema: LegacyErrorSchema } : {}),
      request: { auth: spec.auth, params, query: spec.query, body: spec.body, contentType: spec.requestContent?.contentType },
    });

    const parse = <S extends z.ZodType>(schema: S, input: unknown) =>
      spec.invalidCode ? parseInputAs(schema, input, spec.invalidCode) : parseInput(schema, input);
    const handle = async (req: Request, res: Response, next: NextFunction) => {
      try {
        rejectHostile({ params: req.params, query: req.query, body: req.body, fields: req.upload?.fields }, spec.invalidCode ?? 'VALIDATION_FAILED');
        let status = spec.response.status;
        const setStatus = (chosen: number) => {
          if (chosen !== spec.response.status && !spec.response.alsoStatuses?.includes(chosen)) {
            throw new Error(`${spec.operationId} does not document status ${chosen}`);
          }
          status = chosen;
        };
        const input = {
          params: params ? parse(params, req.params) : undefined,
          query: spec.query ? parse(spec.query, req.query) : undefined,
          body: spec.body ? parse(spec.body, req.body) : undefined,
          principal: spec.auth === 'public' ? undefined : spec.auth === 'optional' ? req.principal : principalOf(req),
          req,
          res,
          setStatus,
        } as unknown as RouteInput<P, Q, B, A, Path>;
        const result = await spec.handler(input);
        if (res.headersSent) return;
        res.status(status);
        if (spec.response.schema) res.json(result);
        else res.end();
      } catch (err) {
        next(err);
      }
    };
    const chain: Array<RequestHandler | ErrorRequestHandler> = [...guardFor(spec.auth, spec.path, this.options.verifier, this.options.uploadTickets), ...(spec.before ?? []), handle];
    if (spec.legacyErrors) chain.push(legacyRouteErrors(spec.legacyErrors, spec.invalidCode ?? 'VALIDATION_FAILED'));
    router[spec.method](toExpressPath(spec.path), ...chain);
  }

  /** The service's OpenAPI 3 document (served at /openapi.json and merged by the gateway). */
  openApiDocument = (): unknown =>
    (this.document ??= buildOpenApiDocument(this.registry, {
      title: this.options.title,
      version: this.options.version ?? '1.0.0',
      description: this.options.description,
    }));
}
