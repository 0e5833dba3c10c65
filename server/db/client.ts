/**
 * Opens the database (docs/architecture.md "Real components"): PGlite, PostgreSQL compiled to WASM
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
  | ({ readonly url: string } & PostgresLimits)
  /** PGlite with its files in this folder (created when missing). */
  | { readonly dataDir: string }
  /** PGlite in memory: gone when the process ends (tests). */
  | { readonly memory: true };

/**
 * Time limits on a PostgreSQL server (security issue, "Faults"), so that no request waits
 * unbounded on the database: a request that hits one is answered 503 (`http/error-handler.ts`).
 */
export interface PostgresLimits {
  /**
   * Longest wait for a connection in milliseconds: opening one (server down or unreachable)
   * or waiting for a free one in the pool (all busy). Default {@link DEFAULT_CONNECT_TIMEOUT_MS}.
   */
  readonly connectTimeoutMs?: number;
  /**
   * PostgreSQL's `statement_timeout` in milliseconds for every statement of the app (0: no
   * limit, the default here; the server sets one in `config.ts`). Migrations are exempt.
   */
  readonly statementTimeoutMs?: number;
}

/** Default of {@link PostgresLimits.connectTimeoutMs}. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

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
  if ('url' in location) return openPostgres(location.url, location);
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

/**
 * A `pg` pool that survives the server going away and coming back (PostgreSQL restarted,
 * failed over, a connection killed), with no restart of this process:
 *
 * - Every client has an 'error' listener for its whole life. `pg` emits 'error' on a
 *   client whose connection drops; the pool listens only while the client is idle, so a
 *   drop during a transaction (checked out between two statements, or even during one)
 *   was an unhandled 'error' event, which ends the process.
 * - A checked-out client whose connection dropped is handed back to the pool at once, as
 *   broken (so it is closed and its slot freed). Its borrower's later `release()` is then
 *   a no-op. Without this, a borrower that never releases after a failure (Drizzle's
 *   `transaction()` leaks the client when `begin` fails) would shrink the pool for good,
 *   until every request waits for a client that never comes back.
 * - Broken idle clients leave the pool by `pg-pool`'s own idle listener; new connections
 *   are opened on demand, so once the server is back the pool fills again by itself.
 */
class ResilientPool extends pg.Pool {
  /** Checked-out clients and how to hand each back early. */
  readonly #borrowed = new Map<pg.PoolClient, (error: Error) => void>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => {
      client.on('error', (error) => {
        // Idle clients are pg-pool's: it removes them. Borrowed ones are returned here.
        this.#borrowed.get(client)?.(error);
      });
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): void;
  // Overloads of the base class; the callback form (used by `pool.query`) is left as it is.
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        this.#borrowed.delete(client);
        release(error);
      };
      client.release = releaseOnce;
      this.#borrowed.set(client, (error) => releaseOnce(error));
      return client;
    });
  }
}

async function openPostgres(url: string, limits: PostgresLimits): Promise<DatabaseHandle> {
  const statementTimeout = limits.statementTimeoutMs ?? 0;
  const pool = new ResilientPool({
    connectionString: url,
    connectionTimeoutMillis: limits.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Sent at connection start-up, so it holds for every statement on every client.
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
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
        // Waiting for another instance's migration, or building an index on a large
        // table, may take longer than any statement of a request may.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          // Back to the start-up value for the next borrower.
          await client.query('RESET statement_timeout');
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
