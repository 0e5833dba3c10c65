import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The e2e server's outbox: without SMTP it writes each mail as an `.eml` file into
 * `<data folder>/outbox` (docs/operations.md "Configuration": `SMTP_URL`), and playwright.config.ts gives the
 * server a fresh data folder (`JOULE_E2E_DATA_DIR`).
 */
const outbox = join(process.env.JOULE_E2E_DATA_DIR ?? '', 'outbox');

/** The raw text (headers and MIME body) of the newest mail to `to` in the outbox, or null. */
export function newestMailTo(to: string): string | null {
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const name of names.sort().reverse()) {
    const mail = readFileSync(join(outbox, name), 'utf8');
    if (mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return mail;
  }
  return null;
}

/** `text` with its quoted-printable soft line breaks and `=XX` escapes decoded. */
export function quotedPrintableDecoded(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
