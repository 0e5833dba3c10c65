/**
 * Backups of the embedded database (docs/operations.md "Backups"): PGlite's own consistent
 * archive of its data folder (`dumpDataDir`, tar.gz), taken while no server has the folder
 * open (its lock refuses to run beside one), and its restore, which checks the archive opens
 * and is migrated before it takes the database's place and never deletes the database it
 * replaces. `npm run backup` / `npm run restore` (`server/backup.ts`) call these.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { dumpPgliteDataDir, loadPgliteDataDir } from './client';

/** The database folder of a data folder (`<data>/db`). */
export function databaseDir(dataDir: string): string {
  return join(dataDir, 'db');
}

/**
 * Writes a consistent archive of the PGlite database in `dataDir` to `outFile` (via a
 * temporary file beside it, so a failed backup never leaves half a file under its name).
 * Returns its size in bytes.
 */
export async function backupDatabase(dataDir: string, outFile: string): Promise<number> {
  const dir = databaseDir(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION')))
    throw new Error(`No embedded database in ${dir} to back up.`);
  const archive = await dumpPgliteDataDir(dir);
  const bytes = Buffer.from(await archive.arrayBuffer());
  const partial = join(dirname(resolve(outFile)), `.${Date.now()}.backup-partial`);
  writeFileSync(partial, bytes);
  renameSync(partial, outFile);
  return bytes.length;
}

/**
 * Replaces the PGlite database in `dataDir` by the archive `inFile`. The archive is first
 * unpacked beside it and opened; only then does it take the database's place. An existing
 * database is refused unless `force`, which moves it to `db.before-restore-<time>/`.
 * Returns where the replaced database went, if any.
 */
export async function restoreDatabase(
  dataDir: string,
  inFile: string,
  options: { readonly force?: boolean } = {},
): Promise<string | undefined> {
  const dir = databaseDir(dataDir);
  const exists = existsSync(dir) && readdirSync(dir).length > 0;
  if (exists && !options.force)
    throw new Error(`${dir} holds a database; add --force to keep it aside and restore over it.`);
  if (!existsSync(inFile)) throw new Error(`No backup at ${inFile}.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${dir}.restoring-${stamp}`;
  try {
    await loadPgliteDataDir(staging, new Blob([readFileSync(inFile)]));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${inFile} is not a backup of Joule's database: ${String(error)}`);
  }
  let kept: string | undefined;
  if (existsSync(dir)) {
    kept = `${dir}.before-restore-${stamp}`;
    renameSync(dir, kept);
  }
  renameSync(staging, dir);
  return kept;
}
