/**
 * Outgoing mail (docs/architecture.md "Real components"): SMTP through nodemailer when `SMTP_URL` is set;
 * otherwise each mail is written as an `.eml` file to an outbox folder (`<data dir>/outbox/`,
 * in memory mode one under the system's temporary folder), so whoever runs the demo can
 * follow a password-reset link. The log says only where a mail went, never its text: a
 * reset link in a log line is a password anyone reading the log could set (docs/security.md
 * "Logs").
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
  /** Files sent with it (e.g. an invoice's PDF, docs/billing.md "Sending"). */
  readonly attachments?: readonly MailAttachment[];
}

/** A file attached to a {@link Mail}. */
export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer;
  /** MIME type, e.g. `application/pdf`. */
  readonly contentType: string;
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
      await transport.sendMail({ from, ...mail, attachments: mail.attachments?.slice() });
    },
  };
}

/** Writes each mail as an RFC 822 `.eml` file into `dir` and logs its path (only). */
export function createOutboxMailer(dir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `files in ${dir}`,
    async send(mail) {
      const info = await transport.sendMail({
        from,
        ...mail,
        attachments: mail.attachments?.slice(),
      });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`Mail written to ${file}`);
    },
  };
}

/** Keeps mails in {@link MemoryMailer.sent} (tests). */
export class MemoryMailer implements Mailer {
  readonly description = 'memory';
  readonly sent: Mail[] = [];

  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}
