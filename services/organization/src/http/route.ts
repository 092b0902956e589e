import type { RequestHandler, Router } from 'express';
import type { OpenAPIRegistry, RouteConfig } from '@storecast/service-kit';
import { z } from './zod';

export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Express path (":id"); registered in OpenAPI as "{id}". */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  request?: RouteConfig['request'];
  responses: RouteConfig['responses'];
}

/** Registers a route on the router AND in the service's OpenAPI registry, so the two never drift. */
export const defineRoute = (router: Router, registry: OpenAPIRegistry, def: RouteDef, ...handlers: RequestHandler[]): void => {
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = names.length > 0 ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
  registry.registerPath({
    method: def.method,
    path: def.path.replace(/:(\w+)/g, '{$1}'),
    summary: def.summary,
    description: def.description,
    tags: def.tags,
    security: [{ bearerAuth: [] }],
    request: { ...(params ? { params } : {}), ...(def.request ?? {}) },
    responses: def.responses,
  });
  router[def.method](def.path, ...handlers);
};
