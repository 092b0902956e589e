import fs from 'node:fs';
import path from 'node:path';
import { eventually } from '@storecast/service-kit/testing';

export interface SentMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  template?: string;
}

/** Mail identity wrote to its local outbox (no SMTP in tests), newest last. */
export const mailTo = (mailDir: string, to: string): SentMail[] =>
  fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ f, mtime: fs.statSync(path.join(mailDir, f)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime || a.f.localeCompare(b.f))
    .map(({ f }) => JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')) as SentMail)
    .filter((m) => m.to === to);

/** Waits for a mail of a template to arrive and returns the token of its link, as a user would click it. */
export const linkTokenFrom = async (mailDir: string, to: string, template: string): Promise<string> =>
  eventually(() => {
    const mail = mailTo(mailDir, to).filter((m) => m.template === template).at(-1);
    if (!mail) throw new Error(`no ${template} mail to ${to} yet`);
    const token = mail.links.map((l) => new URL(l).searchParams.get('token')).find(Boolean);
    if (!token) throw new Error(`${template} mail has no token link`);
    return token;
  }, 10_000);
