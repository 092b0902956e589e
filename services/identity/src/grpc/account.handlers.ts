import { z } from 'zod';
import { auditActorOf, emailSchema, parseInput, passwordSchema, ROLES, SYSTEM_ACTOR, unaryHandler } from '@storecast/service-kit';
import type { AccountServiceHandlers } from '@storecast/proto';
import type { IdentityContext } from '../app/context';
import { createAccount } from '../app/create-manager-account.use-case';
import { sendSetupEmail } from '../app/send-setup-email.use-case';
import { withdrawAccount } from '../app/withdraw-account.use-case';
import { listManagerAccounts } from '../app/list-manager-accounts.use-case';

/** Empty strings of a proto message are "absent"; an actor without an account is the system. */
const dropEmpty = (v: unknown) =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== undefined && x !== null)) : v;
// Who acted at the caller (organization's operator or HQ manager, from its token); absent: the system.
const ActorRef = z.preprocess(
  (v) => {
    const actor = dropEmpty(v) as { accountId?: unknown } | null | undefined;
    return actor && actor.accountId ? actor : null;
  },
  z.object({ accountId: z.uuid(), role: z.enum(ROLES), impersonatedBy: z.uuid().optional() }).nullable(),
);

const CreateManagerAccount = z
  .object({
    role: z.enum(['HQ_MANAGER', 'STORE_MANAGER']),
    email: emailSchema,
    name: z.string().trim().max(255).optional().transform((v) => (v ? v : undefined)),
    hqId: z.uuid(),
    storeId: z.uuid().optional(),
    tempPassword: passwordSchema.optional(),
    actor: ActorRef,
  })
  .superRefine((v, ctx) => {
    if (v.role === 'STORE_MANAGER' && !v.storeId) ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'required for STORE_MANAGER' });
  });

const ListManagerAccounts = z.object({
  role: z.union([z.literal(''), z.enum(['HQ_MANAGER', 'STORE_MANAGER'])]).optional(),
  hqIds: z.array(z.uuid()).max(1000).default([]),
  storeIds: z.array(z.uuid()).max(5000).default([]),
});

/** AccountService: manager accounts created, mailed, withdrawn and listed for organization. */
export const accountHandlers = (ctx: IdentityContext): AccountServiceHandlers => ({
  CreateManagerAccount: unaryHandler(async (req) => {
    const input = parseInput(CreateManagerAccount, req);
    const actor = input.actor ? auditActorOf(input.actor) : SYSTEM_ACTOR;
    const account = await createAccount(
      ctx,
      { role: input.role, email: input.email, name: input.name, hqId: input.hqId, storeId: input.role === 'STORE_MANAGER' ? input.storeId : undefined, tempPassword: input.tempPassword },
      actor,
      `${input.role}_ACCOUNT_CREATED`,
    );
    return { accountId: account.id, email: account.email };
  }, ctx.logger),
  SendSetupEmail: unaryHandler(async (req) => sendSetupEmail(ctx, req.accountId), ctx.logger),
  WithdrawAccount: unaryHandler(async (req) => {
    await withdrawAccount(ctx, req.accountId, req.reason);
    return {};
  }, ctx.logger),
  ListManagerAccounts: unaryHandler(async (req) => {
    const input = parseInput(ListManagerAccounts, req);
    return { accounts: await listManagerAccounts(ctx, { role: input.role || undefined, hqIds: input.hqIds, storeIds: input.storeIds }) };
  }, ctx.logger),
});
