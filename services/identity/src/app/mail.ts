import { hashToken, newId, randomToken, writeAudit, type AuditActor, type AuditEntry, type Principal } from '@storecast/service-kit';
import { linkTokens, mailLog, type AccountRow } from '../db/schema';
import { renderEmail, type EmailTemplateType } from '../domain/email-templates';
import { consumeOpenLinks } from '../db/accounts.repository';
import type { IdentityContext, Tx } from './context';

export interface DeliveryResult {
  /** The transport accepted the message (the file outbox counts locally). */
  sent: boolean;
  /** A real transport (SMTP) is configured. */
  configured: boolean;
}

/**
 * Renders and sends one email, and logs it (recipient, subject, template, outcome; never the body,
 * which holds link tokens). A transport failure is logged and reported, never thrown.
 */
export const deliver = async (
  ctx: IdentityContext,
  mail: { template: EmailTemplateType; to: string; values: Record<string, string>; accountId?: string | null; subjectPrefix?: string },
): Promise<DeliveryResult> => {
  const rendered = renderEmail(mail.template, mail.values);
  const subject = `${mail.subjectPrefix ?? ''}${rendered.subject}`;
  let error: string | null = null;
  try {
    await ctx.mailer.send({ template: mail.template, to: mail.to, subject, html: rendered.html, text: rendered.text, links: rendered.links });
  } catch (err) {
    error = (err as Error).message || 'send failed';
    ctx.logger.warn({ template: mail.template, err: error }, 'mail not sent');
  }
  await ctx.db
    .insert(mailLog)
    .values({
      id: newId(),
      template: mail.template,
      recipient: mail.to,
      subject,
      accountId: mail.accountId ?? null,
      transport: ctx.mailer.transport,
      delivered: error === null,
      error,
      createdAt: ctx.clock.now(),
    })
    .catch((err: unknown) => ctx.logger.warn({ err }, 'mail log not written'));
  return { sent: error === null, configured: ctx.mailer.configured };
};

export type LinkPurpose = 'SETUP' | 'PASSWORD_RESET' | 'EMAIL_CHANGE';

const LINK_PATHS: Record<LinkPurpose, string> = {
  SETUP: '/setup',
  PASSWORD_RESET: '/reset-password',
  EMAIL_CHANGE: '/email-change',
};

const ttlMs = (ctx: IdentityContext, purpose: LinkPurpose): number => {
  switch (purpose) {
    case 'SETUP': return ctx.config.SETUP_TOKEN_TTL_HOURS * 3_600_000;
    case 'PASSWORD_RESET': return ctx.config.PASSWORD_RESET_TOKEN_TTL_MINUTES * 60_000;
    case 'EMAIL_CHANGE': return ctx.config.EMAIL_CHANGE_TOKEN_TTL_HOURS * 3_600_000;
  }
};

/**
 * Creates a link token (stored hashed) inside the caller's transaction; earlier open links of the
 * same purpose stop working, so only the newest email's link is valid.
 */
export const createLink = async (
  ctx: IdentityContext,
  tx: Tx,
  account: AccountRow,
  purpose: LinkPurpose,
  newEmail?: string,
): Promise<{ url: string; expiresAt: Date }> => {
  const now = ctx.clock.now();
  await consumeOpenLinks(tx, account.id, now, purpose);
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + ttlMs(ctx, purpose));
  await tx.insert(linkTokens).values({
    id: newId(),
    accountId: account.id,
    purpose,
    tokenHash: hashToken(token),
    newEmail: newEmail ?? null,
    expiresAt,
    createdAt: now,
  });
  const url = new URL(LINK_PATHS[purpose], ctx.config.APP_BASE_URL);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt };
};

/** Creates a setup link (with the action's audit record, when given) and mails it after the commit. */
export const sendSetupLink = async (
  ctx: IdentityContext,
  account: AccountRow,
  audit?: { actor: AuditActor | Principal; entry: AuditEntry },
): Promise<DeliveryResult> => {
  const link = await ctx.db.transaction(async (tx) => {
    const created = await createLink(ctx, tx, account, 'SETUP');
    if (audit) await writeAudit(tx, audit.actor, audit.entry, ctx.clock);
    return created;
  });
  return deliver(ctx, {
    template: 'ACCOUNT_SETUP',
    to: account.email,
    accountId: account.id,
    values: { name: account.name ?? account.email, email: account.email, role: account.role, setupLink: link.url, expiresAt: link.expiresAt.toISOString() },
  });
};
