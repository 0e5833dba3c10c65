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
import { databaseQueryErrors, watchDatabasePool } from '../metrics';

/** A Drizzle database (or transaction) on either driver; all server code uses this type. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** Where the data lives. */
export type DatabaseLocation =
  /** A PostgreSQL server, e.g. `postgres://joule:secret@db:5432/joule`. */
  | ({ readonly url: string } & PostgresLimits)
  /** PGlite with its files in this folder (created when missing). */
  | { readonly dataDir: string }
  /**
   * PGlite in memory: gone when the process ends (tests). Empty, or a copy of the database
   * in `archive` (PGlite's `dumpDataDir`, as {@link dumpPgliteDataDir} takes it), which
   * opens in a third of the time of an empty one and needs no migrations or seed of its own.
   */
  | { readonly memory: true; readonly archive?: Blob };

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
  /**
   * Applies pending migrations; safe to call from several instances at once: on PostgreSQL
   * they wait for each other on an advisory lock, and `then` (e.g. seeding an empty database)
   * runs while the lock is still held, so it too runs in one instance at a time.
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Advisory lock key serializing migrations of instances sharing one PostgreSQL. */
const MIGRATION_LOCK = 4_242_001;

/** Opens the database at `location`; call {@link DatabaseHandle.migrate} before use. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('url' in location) return openPostgres(location.url, location);
  if ('dataDir' in location) return openPglite(location.dataDir);
  return openPglite(undefined, location.archive);
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

/** PGlite with the extensions the migrations use. */
function pglite(dataDir: string | undefined, loadDataDir?: Blob): PGlite {
  return new PGlite(dataDir ?? 'memory://', {
    extensions: { unaccent, pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/**
 * A consistent archive (tar.gz) of the PGlite database in `dataDir`, taken while no other
 * process has it open (docs/operations.md "Backups").
 * @throws Error when a running server holds the folder.
 */
export async function dumpPgliteDataDir(dataDir: string): Promise<Blob> {
  const release = lockDataDir(dataDir);
  try {
    const client = pglite(dataDir);
    await client.waitReady;
    try {
      return await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Writes the database of `archive` (from {@link dumpPgliteDataDir}) into `dataDir`, which
 * must not exist yet, and checks that it opens and has been migrated.
 * @throws Error when the archive is not a PGlite database of this application.
 */
export async function loadPgliteDataDir(dataDir: string, archive: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const client = pglite(dataDir, archive);
    await client.waitReady;
    try {
      await client.query('select count(*) from drizzle.__drizzle_migrations');
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function openPglite(dataDir: string | undefined, archive?: Blob): Promise<DatabaseHandle> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  try {
    const client = pglite(dataDir, archive);
    await client.waitReady;
    const db = drizzlePglite({ client });
    return {
      db,
      kind: 'pglite',
      description: dataDir ? `PGlite in ${dataDir}` : 'PGlite in memory',
      // The lock makes this process the folder's only user, so migrations need no lock.
      async migrate(then) {
        await migratePglite(db, { migrationsFolder });
        await then?.();
      },
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
/** Counts a failed statement by its SQLSTATE, or as `connection` (docs/operations.md "Metrics"). */
function countQueryError(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  databaseQueryErrors.inc({
    code: typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'connection',
  });
}

/** `query` of `target` with each failure counted; the callback form is left as it is. */
function countingQuery<T extends { query: (...args: never[]) => unknown }>(target: T): T['query'] {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) result.catch(countQueryError);
    return result;
  }) as T['query'];
}

class ResilientPool extends pg.Pool {
  /** Checked-out clients and how to hand each back early. */
  readonly #borrowed = new Map<pg.PoolClient, (error: Error) => void>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.query = countingQuery<pg.Pool>(this);
    this.on('connect', (client) => {
      client.query = countingQuery<pg.PoolClient>(client);
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
    return super.connect().then(
      (client) => {
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
      },
      (error: unknown) => {
        countQueryError(error);
        throw error;
      },
    );
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
  const forgetPool = watchDatabasePool(() => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  const db = drizzlePg({ client: pool });
  const where = new URL(url);
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${where.hostname}${where.port ? `:${where.port}` : ''}${where.pathname}`,
    async migrate(then) {
      const client = await pool.connect();
      try {
        // Waiting for another instance's migration, or building an index on a large
        // table, may take longer than any statement of a request may.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder });
          await then?.();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          // Back to the start-up value for the next borrower.
          await client.query('RESET statement_timeout');
        }
      } finally {
        client.release();
      }
    },
    async close() {
      forgetPool();
      await pool.end();
    },
  };
}
