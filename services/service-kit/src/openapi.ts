import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV3, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema of every service can carry OpenAPI metadata (.openapi(...)).
extendZodWithOpenApi(z);

export { OpenAPIRegistry };
export type { RouteConfig };

const FieldDetailSchema = z.object({ field: z.string(), code: z.string(), message: z.string() });

/** The platform error envelope of spec 02, as an OpenAPI component. */
export const PlatformErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(FieldDetailSchema).optional(),
      fields: z.record(z.string(), z.string()).optional(),
      errorId: z.string().optional(),
    }),
  })
  .openapi('PlatformError');

/** Error responses of a route, each with the spec codes it may answer. */
export const errorResponses = (errors: Record<number, string[]>): RouteConfig['responses'] =>
  Object.fromEntries(
    Object.entries(errors).map(([status, codes]) => [
      status,
      { description: codes.join(', '), content: { 'application/json': { schema: PlatformErrorSchema } } },
    ]),
  );

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

export const createRegistry = (): OpenAPIRegistry => {
  const registry = new OpenAPIRegistry();
  registry.register('PlatformError', PlatformErrorSchema);
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  return registry;
};

/** The service's own OpenAPI 3 document, generated from its zod schemas. */
export const buildOpenApiDocument = (registry: OpenAPIRegistry, info: { title: string; version: string; description?: string }) =>
  new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info,
    servers: [{ url: '/' }],
  });
