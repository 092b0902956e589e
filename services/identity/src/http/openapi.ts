import { z } from 'zod';
import { buildOpenApiDocument, createRegistry, errorResponses, jsonBody, jsonResponse, type OpenAPIRegistry } from '@storecast/service-kit';

export const registry: OpenAPIRegistry = createRegistry();

interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  description?: string;
  /** Needs a bearer access token. */
  auth?: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** Success: status with a JSON schema, or a status without body (204). */
  ok: { status: number; description: string; schema?: z.ZodType };
  errors?: Record<number, string[]>;
  headers?: z.ZodObject;
}

/** Registers one route of identity's OpenAPI document (served at /openapi.json, merged by the gateway). */
export const doc = (r: RouteDoc): void => {
  registry.registerPath({
    method: r.method,
    path: r.path,
    summary: r.summary,
    description: r.description,
    tags: [r.tag],
    security: r.auth ? [{ bearerAuth: [] }] : undefined,
    request: {
      body: r.body ? jsonBody(r.body) : undefined,
      query: r.query,
      params: r.params,
      headers: r.headers,
    },
    responses: {
      [r.ok.status]: r.ok.schema ? jsonResponse(r.ok.description, r.ok.schema) : { description: r.ok.description },
      ...errorResponses(r.errors ?? {}),
    },
  });
};

export const openApiDocument = () =>
  buildOpenApiDocument(registry, {
    title: 'Storecast identity',
    version: '1.0.0',
    description: 'Accounts, sign-in, tokens, account flows, impersonation, email templates and public API keys.',
  });
