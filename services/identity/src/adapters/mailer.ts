import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
}

/**
 * Where mail goes. `configured` is true only for a real transport (SMTP): the file outbox is the
 * local stand-in, and test sends report `delivered: false` through it, as spec 02 asks.
 * send() throws when the transport refuses the message.
 */
export interface Mailer {
  readonly configured: boolean;
  readonly transport: string;
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

export class SmtpMailer implements Mailer {
  readonly configured = true;
  readonly transport = 'smtp';
  private readonly transporter: Transporter;

  constructor(url: string, private readonly from: string) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Local outbox: one JSON file per message, `{ to, subject, html, text, links[], template, createdAt }`,
 * named `<epoch ms>-<uuid>.json` so a directory listing is in sending order. Tests read it to
 * follow the links.
 */
export class FileOutboxMailer implements Mailer {
  readonly configured = false;
  readonly transport = 'file-outbox';

  constructor(private readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${Date.now()}-${randomUUID()}.json`);
    const body = { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, links: mail.links, template: mail.template, createdAt: new Date().toISOString() };
    await fs.writeFile(`${file}.tmp`, JSON.stringify(body, null, 2));
    await fs.rename(`${file}.tmp`, file);
  }
}

export const createMailer = (config: { SMTP_URL?: string; MAIL_FROM: string; MAIL_OUTBOX_DIR: string }): Mailer =>
  config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new FileOutboxMailer(path.resolve(process.cwd(), config.MAIL_OUTBOX_DIR));
