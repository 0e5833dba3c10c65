/**
 * Backups of the embedded database (docs/operations.md "Backups"):
 *
 *   npm run backup -- --out joule-2026-03-01.tar.gz   # the PGlite database of JOULE_DATA_DIR
 *   npm run restore -- joule-2026-03-01.tar.gz         # into an empty JOULE_DATA_DIR
 *   npm run restore -- joule-2026-03-01.tar.gz --force # the current database kept aside
 *
 * The backup is PGlite's own consistent archive of its data folder (`dumpDataDir`, tar.gz),
 * taken while the server is stopped: PGlite allows one process per folder, and the folder's
 * lock refuses to run beside a server. A restore checks the archive opens and is migrated
 * before it takes the database's place; with `--force` the database it replaces is moved to
 * `db.before-restore-<time>/` beside it, never deleted. The signing key (`secret.key`) and
 * the mail outbox are not in the archive. On PostgreSQL use `pg_dump` / `pg_restore`.
 */
import { parseArgs } from 'node:util';
import { runCli } from './cli';
import { loadConfig } from './config';
import { backupDatabase, databaseDir, restoreDatabase } from './db/backup';

const USAGE = [
  'Usage: npm run backup -- --out <file.tar.gz>',
  '       npm run restore -- <file.tar.gz> [--force]',
  'Both work on the embedded database of JOULE_DATA_DIR (default ./data) with the server stopped;',
  'for PostgreSQL (DATABASE_URL) use pg_dump and pg_restore (docs/operations.md "Backups").',
].join('\n');

runCli(async () => {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(`DATABASE_URL is set.\n${USAGE}`);
  if (!config.dataDir)
    throw new Error(`JOULE_DATA_DIR is memory://: nothing to back up.\n${USAGE}`);
  if (command === 'backup') {
    const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
    if (!values.out) throw new Error(USAGE);
    const size = await backupDatabase(config.dataDir, values.out);
    console.log(`Backed up ${databaseDir(config.dataDir)} to ${values.out} (${size} bytes).`);
    return;
  }
  if (command === 'restore') {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { force: { type: 'boolean' } },
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new Error(USAGE);
    const kept = await restoreDatabase(config.dataDir, positionals[0]!, { force: values.force });
    console.log(
      `Restored ${positionals[0]} into ${databaseDir(config.dataDir)}.` +
        (kept ? ` The database it replaced is in ${kept}.` : ''),
    );
    return;
  }
  throw new Error(USAGE);
});
