import { badRequest, newId, writeAudit, type Principal } from '@storecast/service-kit';
import { insertHq } from '../db/hq.repository';
import { recordManagerAccount } from '../db/manager-account.repository';
import { isValidBusinessNumber } from '../domain/business-number';
import { INITIAL_HQ_STATUS } from '../domain/hq-status';
import type { Plan } from '../domain/enums';
import type { AppContext } from './context';
import { commitOrWithdraw } from './compensation';

export interface OnboardHqInput {
  hq: {
    name: string;
    businessNumber: string | null;
    plan: Plan;
    billingAnchorDay: number;
    llmKeywords: string | null;
    llmMaxPerHour: number;
  };
  manager: { email: string; tempPassword: string; name: string };
}

/**
 * Operator HQ onboarding: a FRANCHISE HQ in ONBOARDING with its first HQ manager.
 * Order: business number → CreateManagerAccount (duplicate email fails before anything exists) →
 * our transaction (HQ row, projection, audit HQ_CREATED) → on failure WithdrawAccount →
 * after the commit, SendSetupEmail.
 */
export const onboardHq = async (ctx: AppContext, actor: Principal, input: OnboardHqInput) => {
  if (input.hq.businessNumber !== null && !isValidBusinessNumber(input.hq.businessNumber)) {
    throw badRequest('INVALID_BUSINESS_NUMBER', 'Business number must look like ###-##-#####');
  }
  const hqId = newId();
  const account = await ctx.identity.createManagerAccount({
    role: 'HQ_MANAGER',
    email: input.manager.email,
    name: input.manager.name,
    hqId,
    tempPassword: input.manager.tempPassword,
    actor,
  });
  await commitOrWithdraw(ctx, actor, account.accountId, 'HQ onboarding rolled back', () =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      await insertHq(tx, {
        id: hqId,
        name: input.hq.name,
        businessNumber: input.hq.businessNumber,
        type: 'FRANCHISE',
        plan: input.hq.plan,
        status: INITIAL_HQ_STATUS,
        billingAnchorDay: input.hq.billingAnchorDay,
        llmKeywords: input.hq.llmKeywords,
        llmMaxPerHour: input.hq.llmMaxPerHour,
        createdAt: now,
        updatedAt: now,
      });
      await recordManagerAccount(tx, { accountId: account.accountId, role: 'HQ_MANAGER', hqId, storeId: null, at: now });
      await writeAudit(
        tx,
        actor,
        {
          action: 'HQ_CREATED',
          targetType: 'HQ',
          targetId: hqId,
          targetLabel: input.hq.name,
          hqId,
          detail: { plan: input.hq.plan, businessNumber: input.hq.businessNumber, managerAccountId: account.accountId },
        },
        ctx.clock,
      );
    }),
  );
  await ctx.identity.sendSetupEmail(actor, account.accountId);
  return { hqId, managerAccountId: account.accountId };
};
