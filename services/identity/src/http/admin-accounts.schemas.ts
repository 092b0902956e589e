import { z } from 'zod';
import { emailSchema, pagingSchema, passwordSchema, uuidSchema } from '@storecast/service-kit';
import { AccountStatusSchema, pageOf } from './common.schemas';

// Account lifecycle and operators (operator paths; shapes "not shown" in spec 02 chosen here).

export const ResetPasswordRequest = z.object({ tempPassword: passwordSchema }).openapi('ResetPasswordRequest');
export const AccountSuspendRequest = z.object({ reason: z.string().trim().min(1).max(255) }).openapi('AccountSuspendRequest');
export const ManagerAccountResponse = z
  .object({ id: uuidSchema(), status: AccountStatusSchema, passwordMustChange: z.boolean() })
  .openapi('ManagerAccountResponse', { description: 'HqManagerAccountResponse / StoreManagerAccountResponse / operator equivalent' });

export const OperatorItem = z
  .object({
    id: uuidSchema(),
    email: z.string(),
    name: z.string().nullable(),
    status: AccountStatusSchema,
    passwordMustChange: z.boolean(),
    lastLoginAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('OperatorListItem');
export const OperatorListResponse = pageOf(OperatorItem).openapi('OperatorListResponse');
export const ListOperatorsParams = z
  .object({ q: z.string().trim().max(100).optional(), status: AccountStatusSchema.optional() })
  .extend(pagingSchema().shape)
  .openapi('ListOperatorsParams');
export const CreateOperatorRequest = z
  .object({ email: emailSchema, name: z.string().trim().min(1).max(255), tempPassword: passwordSchema.optional() })
  .openapi('CreateOperatorRequest');
export const CreateOperatorResponse = OperatorItem.extend({ setupEmailSent: z.boolean() }).openapi('CreateOperatorResponse');
