import type { z } from 'zod';
import { PlatformErrorSchema } from '../openapi';
import type { DefinedRoute, ServiceApi } from '../routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface ApiCallOptions {
  token?: string;
  /** JSON body. */
  body?: unknown;
  /** Multipart body. */
  form?: FormData;
  /** Raw body (CSV, bytes) with its content type. */
  raw?: { contentType: string; data: string | Uint8Array };
  headers?: Record<string, string>;
}

/** Paths every service serves outside its route table. */
const INFRASTRUCTURE = /^\/(healthz|readyz|openapi\.json)$/;

/**
 * Why a response does not match what the service documents for it, or undefined when it does:
 * the route must be defined, the status documented, a success body must parse with the route's
 * response schema and an error body with the platform error envelope.
 */
export const responseDrift = (
  routes: readonly DefinedRoute[],
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
  errorSchema: z.ZodType = PlatformErrorSchema,
): string | undefined => {
  const path = url.split('?')[0]!;
  if (INFRASTRUCTURE.test(path)) return undefined;
  const m = method.toLowerCase();
  const candidates = routes.filter((r) => r.method === m && r.pattern.test(path));
  // A literal segment beats a parameter (/hq/stores/bulk vs /hq/stores/{id}), as express routes it.
  const route = candidates.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0];
  if (!route) {
    // Unrouted paths answer the kit's 404 NOT_FOUND envelope (or 405-like 404 for a wrong method).
    if (status === 404) return errorSchema.safeParse(body).success ? undefined : `404 body is not the error envelope: ${JSON.stringify(body)}`;
    return `${method} ${path} is not a defined route`;
  }
  const where = `${method} ${route.path} (${route.operationId}) answered ${status}`;
  if (status === route.success.status || route.success.alsoStatuses.includes(status)) {
    if (!route.success.schema || route.success.contentType) return undefined;
    if (!contentType?.includes('application/json')) return `${where} with content type ${contentType}`;
    const parsed = route.success.schema.safeParse(body);
    return parsed.success ? undefined : `${where}; body does not match its schema: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`;
  }
  if (status >= 400) {
    if (!route.errorStatuses.includes(status)) return `${where}, a status its documentation does not list (${route.errorStatuses.join(', ')})`;
    // A route rendering spec 01's legacy shape is checked against it (DefinedRoute.errorSchema).
    const parsed = (route.errorSchema ?? errorSchema).safeParse(body);
    if (!parsed.success) return `${where}; error body does not match the envelope: ${JSON.stringify(body)}`;
    // The envelope's code must be one the route documents for that status (legacy bodies carry none).
    const code = (body as { error?: { code?: unknown } }).error?.code;
    // An entry may explain itself after the code ("SERVICE_UNAVAILABLE (legal service unreachable)").
    const codes = (route.errorCodes[status] ?? []).map((entry) => entry.split(' ')[0]!);
    if (!route.errorSchema && typeof code === 'string' && codes.length && !codes.includes(code)) {
      return `${where} with code ${code}, which its documentation does not list for ${status} (${codes.join(', ')})`;
    }
    return undefined;
  }
  return `${where}, documented success is ${route.success.status}`;
};

/**
 * A fetch client for component tests that checks every answer against the route's documented
 * response (responseDrift) and fails the call when it drifts. `unchecked` skips the check for
 * the rare test that sends a request no route is meant to accept.
 */
export const apiClient = (baseUrl: string, api: Pick<ServiceApi, 'routes'> & { errorSchema?: z.ZodType }) => {
  const call = async <T = any>(method: string, path: string, options: ApiCallOptions = {}, check = true): Promise<ApiResponse<T>> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: FormData | string | Uint8Array | undefined;
    if (options.form) body = options.form;
    else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.data;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body as RequestInit["body"] });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (check) {
      const drift = responseDrift(api.routes, method, path, res.status, res.headers.get('content-type'), parsed, api.errorSchema);
      if (drift) throw new Error(`Response drifts from the documented API: ${drift}`);
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  };
  const client = <T = any>(method: string, path: string, options?: ApiCallOptions) => call<T>(method, path, options); // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The same call without the documentation check (hostile or off-contract requests). */
  client.unchecked = <T = any>(method: string, path: string, options?: ApiCallOptions) => call<T>(method, path, options, false); // eslint-disable-line @typescript-eslint/no-explicit-any
  return client;
};

export type ApiClient = ReturnType<typeof apiClient>;
