/**
 * A throwaway PostgreSQL cluster made with the local `initdb` / `pg_ctl` in a temporary
 * folder, for benches (`bench/api.ts`) and fault tests (`server/faults/`) that need a
 * server of their own: one they may stop and start, or fill, without touching the shared
 * one. The programs run as the `postgres` user when this process is root (initdb refuses
 * root), so the folder is made world-writable.
 *
 * ```ts
 * const bin = findPgBin();          // undefined: no PostgreSQL installed, skip
 * const cluster = startPgCluster({ bin, port: await freePort() });
 * // ... cluster.url, cluster.stop(), cluster.start() ...
 * cluster.destroy();
 * ```
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Runs a PostgreSQL program to completion, as `postgres` when we are root. Its standard
 * error goes to ours; throws when it exits non-zero.
 */
export function pgRun(program: string, args: readonly string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, [...args]];
  execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** {@link pgRun} without blocking the event loop (a server in this process keeps serving). */
export function pgRunAsync(program: string, args: readonly string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [command, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, [...args]];
  return new Promise((resolve, reject) => {
    execFile(command, fullArgs, (error, _stdout, stderr) =>
      error ? reject(new Error(`${program}: ${error.message}\n${stderr}`)) : resolve(),
    );
  });
}

/**
 * The folder holding `initdb` and `pg_ctl` (Debian's newest installed major version, or
 * the one on `PATH`), or undefined when PostgreSQL is not installed.
 */
export function findPgBin(): string | undefined {
  for (const candidate of [
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
  ]) {
    if (existsSync(join(candidate, 'initdb'))) return candidate;
  }
  try {
    const dir = execFileSync('sh', ['-c', 'dirname "$(command -v initdb)"'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return dir && dir !== '.' && existsSync(join(dir, 'initdb')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** A free TCP port on 127.0.0.1 (free when asked; another process may take it later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Options of {@link startPgCluster}. */
export interface PgClusterOptions {
  /** From {@link findPgBin}. */
  readonly bin: string;
  /** Port on 127.0.0.1. */
  readonly port: number;
  /** Extra `-c name=value` server settings, e.g. `shared_buffers=256MB`. */
  readonly settings?: readonly string[];
  /** The database to create for {@link PgCluster.url} (default `joule`). */
  readonly database?: string;
}

/** A running throwaway cluster (trust authentication, superuser `joule`). */
export interface PgCluster {
  /** `postgres://joule@127.0.0.1:<port>/<database>` */
  readonly url: string;
  readonly port: number;
  /** The temporary folder: `data/`, `log`, the socket. */
  readonly dir: string;
  /**
   * `pg_ctl stop -m fast`: disconnects every client and shuts down; resolves once it is
   * down. Does not block the event loop.
   */
  stop(): Promise<void>;
  /** `pg_ctl start`; resolves once it accepts connections. Does not block the event loop. */
  start(): Promise<void>;
  /** Stops the cluster when it runs and removes its folder. */
  destroy(): void;
}

/**
 * Makes a cluster in a new temporary folder and starts it on `127.0.0.1:<port>` (durability
 * off: it is thrown away). Throws when a program fails (e.g. the port is taken).
 */
export function startPgCluster(options: PgClusterOptions): PgCluster {
  const { bin, port } = options;
  const database = options.database ?? 'joule';
  const dir = mkdtempSync(join(tmpdir(), 'joule-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  let running = false;
  const startArgs = () => [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      ...(options.settings ?? []).map((setting) => `-c ${setting}`),
    ].join(' '),
    'start',
  ];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', 'stop'];
  const pgCtl = join(bin, 'pg_ctl');
  try {
    pgRun(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'joule',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    pgRun(pgCtl, startArgs());
    running = true;
    pgRun(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'joule', database]);
  } catch (error) {
    if (running) pgRun(pgCtl, stopArgs);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://joule@127.0.0.1:${port}/${database}`,
    port,
    dir,
    async stop() {
      await pgRunAsync(pgCtl, stopArgs);
      running = false;
    },
    async start() {
      await pgRunAsync(pgCtl, startArgs());
      running = true;
    },
    destroy() {
      try {
        // Also when a stop or start is under way: pg_ctl stop of a stopped cluster fails.
        if (running || existsSync(join(data, 'postmaster.pid'))) pgRun(pgCtl, stopArgs);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** True when the PostgreSQL server at `url` takes a connection within a second. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL server a test that needs one of its own databases runs against: the one
 * `scripts/with-postgres.ts` announced (`JOULE_TEST_POSTGRES_URL`), else
 * `JOULE_TEST_DATABASE_URL`, else the local one (trust auth on 127.0.0.1:5432).
 */
export const testPostgresUrl: string =
  process.env.JOULE_TEST_POSTGRES_URL ||
  process.env.JOULE_TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * True when {@link testPostgresUrl} answers, false when it does not and nobody announced it
 * (a developer's run without PostgreSQL: the test is skipped, saying why).
 *
 * @throws Error when the server was announced (`JOULE_TEST_POSTGRES_URL`, as `npm test`
 *   does) and does not answer: a PostgreSQL test must then fail, not pass by being skipped.
 */
export async function testPostgresAvailable(): Promise<boolean> {
  if (await postgresAnswers(testPostgresUrl)) return true;
  if (process.env.JOULE_TEST_POSTGRES_URL) {
    throw new Error(`JOULE_TEST_POSTGRES_URL (${testPostgresUrl}) does not answer`);
  }
  return false;
}
