/**
 * The four emails identity sends (spec 02 § Authentication and account shapes). Templates live in
 * code, versioned with the service; operators list, preview and test-send them. Rendering is pure:
 * values are HTML-escaped, links are kept so tests (and the file outbox) can follow them.
 */
export const EMAIL_TEMPLATE_TYPES = ['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

interface TemplateDefinition {
  label: string;
  subject: string;
  placeholders: string[];
  heading: string;
  paragraphs: string[];
  /** Placeholder holding the call-to-action link, with its button text. */
  action?: { link: string; text: string };
  sample: Record<string, string>;
}

const BRAND = 'Storecast';

const TEMPLATES: Record<EmailTemplateType, TemplateDefinition> = {
  ACCOUNT_SETUP: {
    label: 'Account setup',
    subject: `[${BRAND}] Set up your account`,
    placeholders: ['name', 'email', 'role', 'setupLink', 'expiresAt'],
    heading: 'Welcome to Storecast',
    paragraphs: [
      'Hello {{name}},',
      'An account was created for you with the sign-in id {{email}} ({{role}}).',
      'Choose your password and agree to the current terms to activate it. The link is valid until {{expiresAt}} and can be used once.',
    ],
    action: { link: 'setupLink', text: 'Set up my account' },
    sample: {
      name: 'Kim Minji',
      email: 'manager@example.com',
      role: 'HQ_MANAGER',
      setupLink: 'https://app.storecast.example/setup?token=SAMPLE',
      expiresAt: '2026-01-04T09:00:00.000Z',
    },
  },
  PASSWORD_RESET: {
    label: 'Password reset',
    subject: `[${BRAND}] Reset your password`,
    placeholders: ['name', 'resetLink', 'expiresAt'],
    heading: 'Reset your password',
    paragraphs: [
      'Hello {{name}},',
      'Someone asked to reset the password of your Storecast account. If it was you, choose a new password below. The link is valid until {{expiresAt}} and can be used once.',
      'If you did not ask for this, ignore this email: your password stays unchanged.',
    ],
    action: { link: 'resetLink', text: 'Choose a new password' },
    sample: { name: 'Kim Minji', resetLink: 'https://app.storecast.example/reset-password?token=SAMPLE', expiresAt: '2026-01-01T10:00:00.000Z' },
  },
  EMAIL_CHANGE_VERIFY: {
    label: 'Email change verification',
    subject: `[${BRAND}] Confirm your new email address`,
    placeholders: ['name', 'newEmail', 'verifyLink', 'expiresAt'],
    heading: 'Confirm your new email address',
    paragraphs: [
      'Hello {{name}},',
      'Confirm {{newEmail}} as the new sign-in id of your Storecast account. The link is valid until {{expiresAt}} and can be used once.',
    ],
    action: { link: 'verifyLink', text: 'Confirm this address' },
    sample: { name: 'Kim Minji', newEmail: 'new.address@example.com', verifyLink: 'https://app.storecast.example/email-change?token=SAMPLE', expiresAt: '2026-01-02T09:00:00.000Z' },
  },
  EMAIL_CHANGE_NOTICE: {
    label: 'Email change notice',
    subject: `[${BRAND}] Your sign-in email was changed`,
    placeholders: ['name', 'oldEmail', 'newEmail', 'changedAt'],
    heading: 'Your sign-in email was changed',
    paragraphs: [
      'Hello {{name}},',
      'The sign-in id of your Storecast account was changed from {{oldEmail}} to {{newEmail}} at {{changedAt}}.',
      'If you did not make this change, contact Storecast support immediately.',
    ],
    sample: { name: 'Kim Minji', oldEmail: 'manager@example.com', newEmail: 'new.address@example.com', changedAt: '2026-01-01T09:30:00.000Z' },
  },
};

export interface EmailTemplateListItem {
  type: EmailTemplateType;
  label: string;
  subject: string;
  placeholders: string[];
}

export const listTemplates = (): EmailTemplateListItem[] =>
  EMAIL_TEMPLATE_TYPES.map((type) => ({ type, label: TEMPLATES[type].label, subject: TEMPLATES[type].subject, placeholders: [...TEMPLATES[type].placeholders] }));

export const isTemplateType = (value: string): value is EmailTemplateType => (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(value);

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const fill = (text: string, values: Record<string, string>, escape: boolean): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    const v = values[key] ?? '';
    return escape ? escapeHtml(v) : v;
  });

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  links: string[];
}

/** Renders a template: a self-contained HTML document (inline styles only) and a plain-text part. */
export const renderEmail = (type: EmailTemplateType, values: Record<string, string>): RenderedEmail => {
  const t = TEMPLATES[type];
  const subject = fill(t.subject, values, false);
  const link = t.action ? values[t.action.link] ?? '' : '';
  const paragraphs = t.paragraphs.map((p) => `<p style="margin:0 0 16px 0;font-size:15px;line-height:1.6;color:#1f2933;">${fill(p, values, true)}</p>`).join('\n');
  const button = t.action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#2b59c3;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(t.action.text)}</a></p>
<p style="margin:0 0 16px 0;font-size:13px;color:#52606d;">If the button does not work, open this address: <a href="${escapeHtml(link)}" style="color:#2b59c3;">${escapeHtml(link)}</a></p>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<h1 style="margin:0 0 24px 0;font-size:20px;color:#102a43;">${escapeHtml(t.heading)}</h1>
${paragraphs}
${button}
<p style="margin:32px 0 0 0;font-size:12px;color:#9aa5b1;">${BRAND} · this message was sent automatically, please do not reply.</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [t.heading, '', ...t.paragraphs.map((p) => fill(p, values, false)), ...(t.action ? ['', `${t.action.text}: ${link}`] : [])].join('\n');
  return { subject, html, text, links: link ? [link] : [] };
};

/** The sample data of a template (previews and test sends). */
export const sampleValues = (type: EmailTemplateType): Record<string, string> => ({ ...TEMPLATES[type].sample });

/** The preview of a template, rendered from its sample data. */
export const previewEmail = (type: EmailTemplateType): RenderedEmail => renderEmail(type, sampleValues(type));
