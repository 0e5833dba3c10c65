/**
 * Turning a {@link ServerConfig} into running parts, shared by `main.ts` and the CLIs:
 * the migrated database and the mailer.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutboxMailer, createSmtpMailer, type MailLog, type Mailer } from './auth/mailer';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';

/**
 * Opens the configured database (PGlite files in `<data dir>/db`) and, unless
 * `options.migrate` is false, migrates it. On PostgreSQL the connect and statement timeouts
 * of `config` apply.
 */
export async function openConfiguredDatabase(
  config: ServerConfig,
  options: { readonly migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          connectTimeoutMs: config.databaseConnectTimeout * 1000,
          statementTimeoutMs: config.databaseStatementTimeout * 1000,
        }
      : config.dataDir
        ? { dataDir: join(config.dataDir, 'db') }
        : { memory: true },
  );
  if (options.migrate !== false) await handle.migrate();
  return handle;
}

/**
 * SMTP when configured, else `.eml` files in `<data dir>/outbox/` (in memory mode
 * `<temporary folder>/joule-outbox/`); `log` hears where each file went, nothing of its text.
 */
export function createConfiguredMailer(config: ServerConfig, log: MailLog): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  const outbox = config.dataDir ? join(config.dataDir, 'outbox') : join(tmpdir(), 'joule-outbox');
  return createOutboxMailer(outbox, config.mailFrom, log);
}
