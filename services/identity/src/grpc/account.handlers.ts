import { z } from 'zod';
import { auditActorOf, callerOf, emailSchema, parseInput, passwordSchema, unaryHandler, type TokenVerifier, uuidSchema } from '@storecast/service-kit';
import type { AccountServiceHandlers } from '@storecast/proto';
import type { IdentityContext } from '../app/context';
import { createAccount } from '../app/create-manager-account.use-case';
import { assertMayCreateManagerAccount } from '../app/manager-account-access';
import { sendSetupEmail } from '../app/send-setup-email.use-case';
import { withdrawAccount } from '../app/withdraw-account.use-case';
import { listManagerAccounts } from '../app/list-manager-accounts.use-case';

const CreateManagerAccount = z
  .object({
    role: z.enum(['HQ_MANAGER', 'STORE_MANAGER']),
    email: emailSchema,
    name: z.string().trim().max(255).optional().transform((v) => (v ? v : undefined)),
    hqId: uuidSchema(),
    storeId: uuidSchema().optional(),
    tempPassword: passwordSchema.optional(),
    // `actor` of the message is not read: who acts is the verified caller (decision 0008).
  })
  .superRefine((v, ctx) => {
    if (v.role === 'STORE_MANAGER' && !v.storeId) ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'required for STORE_MANAGER' });
  });

const ListManagerAccounts = z.object({
  role: z.union([z.literal(''), z.enum(['HQ_MANAGER', 'STORE_MANAGER'])]).optional(),
  hqIds: z.array(uuidSchema()).max(1000).default([]),
  storeIds: z.array(uuidSchema()).max(5000).default([]),
});

/**
 * AccountService: manager accounts created, mailed, withdrawn and listed for organization. Every
 * call acts for the caller whose access token organization forwards in metadata (kit callerOf,
 * decision 0008): verified here, authorized here (app/manager-account-access), audited as that caller.
 */
export const accountHandlers = (ctx: IdentityContext, verifier: TokenVerifier): AccountServiceHandlers => ({
  CreateManagerAccount: unaryHandler(async (req, call) => {
    const caller = await callerOf(call, verifier);
    const input = parseInput(CreateManagerAccount, req);
    assertMayCreateManagerAccount(caller, input);
    const actor = auditActorOf(caller);
    const account = await createAccount(
      ctx,
      { role: input.role, email: input.email, name: input.name, hqId: input.hqId, storeId: input.role === 'STORE_MANAGER' ? input.storeId : undefined, tempPassword: input.tempPassword },
      actor,
      `${input.role}_ACCOUNT_CREATED`,
    );
    return { accountId: account.id, email: account.email };
  }, ctx.logger),
  SendSetupEmail: unaryHandler(async (req, call) => sendSetupEmail(ctx, await callerOf(call, verifier), req.accountId), ctx.logger),
  WithdrawAccount: unaryHandler(async (req, call) => {
    await withdrawAccount(ctx, await callerOf(call, verifier), req.accountId, req.reason);
    return {};
  }, ctx.logger),
  ListManagerAccounts: unaryHandler(async (req, call) => {
    const caller = await callerOf(call, verifier);
    const input = parseInput(ListManagerAccounts, req);
    return { accounts: await listManagerAccounts(ctx, caller, { role: input.role || undefined, hqIds: input.hqIds, storeIds: input.storeIds }) };
  }, ctx.logger),
});
