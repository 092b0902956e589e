import { auditActorOf, type Principal } from '@storecast/service-kit';
import type { IdentityContext } from './context';
import { assertActiveOperator } from './operator-scope';
import { createAccount } from './create-manager-account.use-case';
import { sendSetupLink } from './mail';
import { toOperatorItem } from './list-operators.use-case';

/**
 * POST /api/v1/admin/operators → 201. A new operator with passwordMustChange true: the temporary
 * password is the caller's, or generated and never returned; the setup email (no agreement step for
 * operators) is sent after the commit. 409 DUPLICATE_EMAIL on a taken email. Audit OPERATOR_CREATED.
 */
export const createOperator = async (
  ctx: IdentityContext,
  principal: Principal,
  input: { email: string; name: string; tempPassword?: string },
) => {
  await assertActiveOperator(ctx, principal);
  const account = await createAccount(ctx, { role: 'OPERATOR', email: input.email, name: input.name, tempPassword: input.tempPassword }, auditActorOf(principal), 'OPERATOR_CREATED');
  const mail = await sendSetupLink(ctx, account);
  return { ...toOperatorItem(account), setupEmailSent: mail.sent };
};
