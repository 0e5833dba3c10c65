/**
 * Turning a {@link ServerConfig} into running parts, shared by `main.ts` and the CLIs:
 * the migrated database and the mailer.
 */
import { join } from 'node:path';
import {
  MemoryMailer,
  createOutboxMailer,
  createSmtpMailer,
  type MailLog,
  type Mailer,
} from './auth/mailer';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';

/**
 * Opens the configured database (PGlite files in `<data dir>/db`) and migrates it. On
 * PostgreSQL the connect and statement timeouts of `config` apply.
 */
export async function openConfiguredDatabase(config: ServerConfig): Promise<DatabaseHandle> {
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
  await handle.migrate();
  return handle;
}

/** SMTP when configured, else `.eml` files in `<data dir>/outbox/`, else memory; all logged. */
export function createConfiguredMailer(config: ServerConfig, log: MailLog): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  if (config.dataDir)
    return createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, log);
  return new MemoryMailer(log);
}
