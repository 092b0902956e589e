import { z } from 'zod';

// Shapes several identity resources share (spec 02 § Authentication and account shapes).

export const RoleSchema = z.enum(['OPERATOR', 'HQ_MANAGER', 'STORE_MANAGER']).openapi('Role');
export const AccountStatusSchema = z.enum(['ACTIVE', 'SUSPENDED', 'WITHDRAWN']).openapi('AccountStatus');

/** The list envelope of spec 02 (0-based page). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });

/** A token sent back from an emailed link or an exchange (opaque, bounded). */
export const linkToken = z.string().min(1).max(256);
