import { z } from 'zod';
// .openapi() on schemas needs the extension installed by openapi.ts.
import './openapi';

/**
 * page is 0-based (default 0); size defaults to 20 and is clamped into [min, max] rather than
 * rejected, as the spec says "clamped".
 */
export const pagingSchema = (options: { defaultSize?: number; maxSize?: number } = {}) => {
  const defaultSize = options.defaultSize ?? 20;
  const maxSize = options.maxSize ?? 100;
  // The OpenAPI types are given: the generator cannot describe .catch() by itself, so a query
  // schema using these fields could not be documented.
  return z.object({
    page: z.coerce
      .number()
      .int()
      .catch(0)
      .default(0)
      .transform((p) => Math.max(0, p))
      .openapi({ type: 'integer', minimum: 0, default: 0, description: '0-based page' }),
    size: z.coerce
      .number()
      .int()
      .catch(defaultSize)
      .default(defaultSize)
      .transform((s) => Math.min(maxSize, Math.max(1, s)))
      .openapi({ type: 'integer', minimum: 1, maximum: maxSize, default: defaultSize, description: `Page size, clamped to 1..${maxSize}` }),
  });
};

export type Paging = { page: number; size: number };

export interface PageEnvelope<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

export const pageEnvelope = <T>(items: T[], paging: Paging, total: number): PageEnvelope<T> => ({
  items,
  page: paging.page,
  size: paging.size,
  total,
});

export const offsetOf = (paging: Paging) => paging.page * paging.size;
