import { listTemplates, previewEmail, renderEmail } from './email-templates';

describe('email templates', () => {
  it('lists the four templates with their placeholders', () => {
    const items = listTemplates();
    expect(items.map((i) => i.type)).toEqual(['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE']);
    expect(items[0]).toMatchObject({ label: 'Account setup', placeholders: expect.arrayContaining(['setupLink']) });
  });

  it('renders escaped values and keeps the action link', () => {
    const mail = renderEmail('ACCOUNT_SETUP', { name: '<b>Kim</b>', email: 'a@b.c', role: 'HQ_MANAGER', setupLink: 'https://x.test/setup?token=abc', expiresAt: 'soon' });
    expect(mail.html).toContain('&lt;b&gt;Kim&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Kim</b>');
    expect(mail.links).toEqual(['https://x.test/setup?token=abc']);
    expect(mail.text).toContain('https://x.test/setup?token=abc');
  });

  it('previews as a self-contained HTML document (no external resources)', () => {
    for (const type of ['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE'] as const) {
      const { html, subject } = previewEmail(type);
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).not.toMatch(/<link |<script|src="http/);
      expect(html).not.toMatch(/\{\{\w+\}\}/);
      expect(subject.length).toBeGreaterThan(0);
    }
  });

  it('sends the notice without a link', () => {
    expect(previewEmail('EMAIL_CHANGE_NOTICE').links).toEqual([]);
  });
});
