/**
 * `tsx scripts/with-postgres.ts <command> [args...]`: runs `command` with a PostgreSQL
 * server at hand for the tests, announced as `JOULE_TEST_POSTGRES_URL` (a role allowed to
 * create databases; the test harness makes and drops one database per test server,
 * server/test-support/server.ts). The server is, in this order:
 *
 * 1. `JOULE_TEST_POSTGRES_URL` or `JOULE_TEST_DATABASE_URL` when set (an outer run of this
 *    script, or the developer's own server);
 * 2. `postgres://postgres@127.0.0.1:5432/postgres` when it answers (trust auth; every
 *    development machine and CI have a PostgreSQL 15 there);
 * 3. otherwise (or with `JOULE_TEST_POSTGRES=throwaway`, to try this path) a throwaway
 *    cluster: Debian's `postgresql` installed with apt-get when no
 *    `initdb` is found, `initdb` into a temporary folder (as the `postgres` user when we are
 *    root, since initdb refuses root), `pg_ctl start` on a free loopback port, and stopped
 *    and removed when the command ends.
 *
 * `JOULE_TEST_DATABASE_URL` is removed from the command's environment: it would switch
 * every API test to PostgreSQL, while vite.config.ts sets it only for its `postgres`
 * project, so that the same files run on PGlite and on PostgreSQL.
 *
 * The security suite's knobs may be given as arguments, which Vitest would refuse:
 * `--runs N` becomes `JOULE_FUZZ_RUNS=N`, `--seed N` becomes `JOULE_FUZZ_SEED=N`
 * (`npm run test:security -- --runs 5000`).
 *
 * Exits with the command's exit code.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL every machine runs (CONTRIBUTING.md "Set up"). */
const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when `url` accepts a connection and a query within a couple of seconds. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs a PostgreSQL program, as `postgres` when we are root (initdb refuses root). */
function pgRun(program: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
  execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The folder of `initdb` and `pg_ctl`, newest Debian version first, else `PATH`. */
function findPgBin(): string | undefined {
  for (const version of ['17', '16', '15']) {
    const candidate = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(candidate, 'initdb'))) return candidate;
  }
  try {
    const found = execFileSync('sh', ['-c', 'command -v initdb'], { stdio: 'pipe' })
      .toString()
      .trim();
    return found ? join(found, '..') : undefined;
  } catch {
    return undefined;
  }
}

/** Installs Debian's PostgreSQL (a clean CI machine without a running server). */
function installPostgres(): void {
  console.log("with-postgres: installing Debian's postgresql");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
}

/** A free loopback TCP port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a throwaway cluster; returns its URL and the function that removes it. */
async function throwawayCluster(): Promise<{ url: string; stop: () => void }> {
  let bin = findPgBin();
  if (!bin) {
    installPostgres();
    bin = findPgBin();
    if (!bin) throw new Error('with-postgres: no initdb after installing postgresql');
  }
  const dir = mkdtempSync(join(tmpdir(), 'joule-test-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  console.log(`with-postgres: a throwaway cluster in ${dir} on port ${port}`);
  pgRun(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  pgRun(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    // Durability is of no use to a throwaway test cluster; speed is.
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        pgRun(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The command's arguments with `--runs N` / `--seed N` moved into `env`. */
function takeSuiteOptions(args: string[], env: NodeJS.ProcessEnv): string[] {
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const match = /^--(runs|seed)(?:=(.*))?$/.exec(args[index]!);
    if (!match) {
      rest.push(args[index]!);
      continue;
    }
    const value = match[2] ?? args[++index];
    if (value === undefined || !/^\d+$/.test(value)) {
      throw new Error(`with-postgres: --${match[1]} needs a whole number`);
    }
    env[match[1] === 'runs' ? 'JOULE_FUZZ_RUNS' : 'JOULE_FUZZ_SEED'] = value;
  }
  return rest;
}

async function main(): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const [command, ...args] = takeSuiteOptions(process.argv.slice(2), env);
  if (!command) {
    console.error('usage: tsx scripts/with-postgres.ts <command> [args...]');
    return 2;
  }
  let url = env.JOULE_TEST_POSTGRES_URL ?? env.JOULE_TEST_DATABASE_URL;
  let stop = () => {};
  if (!url) {
    if (env.JOULE_TEST_POSTGRES !== 'throwaway' && (await answers(LOCAL_URL))) {
      url = LOCAL_URL;
    } else {
      const cluster = await throwawayCluster();
      url = cluster.url;
      stop = cluster.stop;
    }
  }
  env.JOULE_TEST_POSTGRES_URL = url;
  delete env.JOULE_TEST_DATABASE_URL;

  const child = spawn(command, args, { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
  stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
