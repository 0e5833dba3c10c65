/**
 * Outgoing mail (docs/architecture.md "Real components"): SMTP through nodemailer when `SMTP_URL` is set;
 * otherwise each mail is written as an `.eml` file to `<data dir>/outbox/` and logged, so
 * whoever runs the demo can follow a password-reset link; in memory mode mails are kept
 * in memory and logged.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A plain-text mail. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends mails. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** For the startup log: where mails go. */
  readonly description: string;
}

/** Where {@link Mailer}s report what they did. */
export type MailLog = (message: string) => void;

/** Sends through the SMTP server of `url` (e.g. `smtps://user:pass@smtp.example.com`). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    description: `SMTP via ${new URL(url).hostname}`,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Writes each mail as an RFC 822 `.eml` file into `dir` and logs its path and text. */
export function createOutboxMailer(dir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `files in ${dir}`,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`Mail to ${mail.to} written to ${file}:\n${mail.text}`);
    },
  };
}

/** Keeps mails in {@link MemoryMailer.sent} (tests, memory mode) and optionally logs them. */
export class MemoryMailer implements Mailer {
  readonly description = 'memory';
  readonly sent: Mail[] = [];

  constructor(private readonly log?: MailLog) {}

  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    this.log?.(`Mail to ${mail.to}:\n${mail.text}`);
  }
}
