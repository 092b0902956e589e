import { badRequest, parseInput } from '@storecast/service-kit';
import { z } from './zod';

/**
 * An enumerated query filter: absent or empty means "no filter"; an unknown value answers
 * 400 INVALID_ENUM_VALUE (spec 02 § Errors) rather than silently listing everything.
 */
export const enumParam = <T extends string>(values: readonly T[], name: string, raw: unknown): T | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' && (values as readonly string[]).includes(raw)) return raw as T;
  throw badRequest('INVALID_ENUM_VALUE', `${name} must be one of ${values.join(', ')}`, {
    details: [{ field: name, code: 'INVALID_ENUM_VALUE', message: `must be one of ${values.join(', ')}` }],
  });
};

/** Text search: at most 100 characters (spec 02 § Limits); blank means no filter. */
export const qParam = (raw: unknown): string | undefined => {
  const q = parseInput(z.object({ q: z.string().trim().max(100).optional() }), { q: typeof raw === 'string' ? raw : undefined }).q;
  return q ? q : undefined;
};

export const boolParam = (name: string, raw: unknown): boolean | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badRequest('VALIDATION_FAILED', `${name} must be true or false`, {
    details: [{ field: name, code: 'INVALID_TYPE', message: 'must be true or false' }],
  });
};
