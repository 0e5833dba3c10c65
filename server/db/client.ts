/**
 * Opens the database (DESIGN.md "Real components"): PGlite, PostgreSQL compiled to WASM
 * and embedded in this process, with its files under a data folder (or in memory for
 * tests) when no `DATABASE_URL` is given; a PostgreSQL server through `pg` when it is.
 * Both run the same drizzle-kit migrations from `./migrations`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** A Drizzle database (or transaction) on either driver; all server code uses this type. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** Where the data lives. */
export type DatabaseLocation =
  /** A PostgreSQL server, e.g. `postgres://joule:secret@db:5432/joule`. */
  | { readonly url: string }
  /** PGlite with its files in this folder (created when missing). */
  | { readonly dataDir: string }
  /** PGlite in memory: gone when the process ends (tests). */
  | { readonly memory: true };

/** An open database with its lifecycle. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** For logs: the engine and where it is, without credentials. */
  readonly description: string;
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Advisory lock key serializing migrations of instances sharing one PostgreSQL. */
const MIGRATION_LOCK = 4_242_001;

/** Opens the database at `location`; call {@link DatabaseHandle.migrate} before use. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('url' in location) return openPostgres(location.url);
  return openPglite('dataDir' in location ? location.dataDir : undefined);
}

/** True when a process with this id is running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockOwner(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims `dataDir` for this process with a `<dataDir>.lock` file holding its pid. PGlite
 * files must never be open in two processes (the second one's writes are lost when the
 * first exits), e.g. `npm run create-admin` while the server runs. A lock left by a
 * process that no longer runs is taken over. Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        // Only remove our own lock, never one another process has taken since.
        if (readLockOwner(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockFile);
      if (owner !== undefined && isRunning(owner)) {
        throw new Error(
          `The database in ${dataDir} is in use by process ${owner}. Stop it first ` +
            '(PGlite allows one process per data folder; use DATABASE_URL for shared access).',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  try {
    const client = new PGlite(dataDir ?? 'memory://', { extensions: { unaccent, pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite({ client });
    return {
      db,
      kind: 'pglite',
      description: dataDir ? `PGlite in ${dataDir}` : 'PGlite in memory',
      // The lock makes this process the folder's only user, so migrations need no lock.
      migrate: () => migratePglite(db, { migrationsFolder }),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client losing its connection must not crash the process; pg reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzlePg({ client: pool });
  const where = new URL(url);
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${where.hostname}${where.port ? `:${where.port}` : ''}${where.pathname}`,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
