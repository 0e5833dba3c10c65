/**
 * `npm run bench:load`: throughput and latency of the API under load (issue "Nothing lost,
 * no one in", "Load"), on PostgreSQL with the large data set. Not part of `npm test`.
 *
 * The server runs as its own process (`server/main.ts`, as `npm run serve` starts it) so the
 * load generator (autocannon, in this process) does not share its event loop. For each case
 * it sends requests over 16 connections for `BENCH_LOAD_SECONDS` (default 10) and prints
 * requests per second, p50 and p99 latency, beside the figures a Django REST framework
 * server (gunicorn, 2 workers) served on the same kind of machine and database, and the
 * target (≥ 3× DRF's req/s, p99 ≤ 100 ms). Each case runs `BENCH_LOAD_RUNS` times (default
 * 3); the table gives the median of the runs and their range (min–max), and the target is
 * judged on the medians.
 *
 * Last, "event-loop delay under the worst allowed query": while 16 connections send the most
 * expensive list request the API accepts (five sort keys, a search and a deep page), a probe
 * calls the trivial `GET /config/` every 20 ms; its worst latency is what any other user
 * waits at most for the server's attention (target under 100 ms).
 *
 * Database: `BENCH_DATABASE_URL`, else the local server at `postgres://postgres@127.0.0.1:5432`
 * with a database `joule_bench_load`, created, migrated and seeded (`seed/large.ts`, minutes)
 * on the first run and kept for later ones.
 *
 *   npm run bench:load
 *   BENCH_LOAD_SECONDS=30 BENCH_DATABASE_URL=postgres://… npm run bench:load
 *   BENCH_LOAD_PROCESSES=2 npm run bench:load   # JOULE_PROCESSES=2: two server processes
 *   BENCH_LOAD_RUNS=5 npm run bench:load        # five runs a case (default 3)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/seed';
import { LARGE_CUSTOMERS, seedLarge } from '../server/seed';
import { median, withRange } from './stats';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 10);
const CONNECTIONS = 16;
const PORT = Number(process.env.BENCH_LOAD_PORT || 8833);
/** Server processes (`JOULE_PROCESSES`). */
const PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES || 1);
/** Runs of each case; the table shows their median and range. */
const RUNS = Math.max(1, Number(process.env.BENCH_LOAD_RUNS || 3));
const DATABASE_NAME = 'joule_bench_load';
const P99_TARGET_MS = 100;
const LOOP_DELAY_TARGET_MS = 100;

/** One loaded request, with DRF's req/s measured on the same machine (issue "Load"). */
interface Case {
  readonly name: string;
  readonly path: string;
  readonly drf: number;
}

const CASES: readonly Case[] = [
  { name: 'first page', path: '/customers/?page_size=25', drf: 150 },
  { name: 'deep page', path: '/customers/?page_size=25&page=2000', drf: 87 },
  { name: 'search', path: '/customers/?search=dvorak&page_size=25', drf: 6 },
  { name: 'sort by last name', path: '/customers/?sort=last_name&page_size=25', drf: 141 },
  { name: 'detail', path: '/customers/4242/', drf: 360 },
];

/** The most expensive list request the API accepts (see `engine/list-query.ts` limits). */
const WORST =
  '/customers/?sort=-last_name,first_name,-company_name,type,-crn&search=a&page=3000&page_size=25';

/** Creates the bench database on the local server when needed; returns its URL. */
async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [
      DATABASE_NAME,
    ]);
    if (found.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  return `postgres://postgres@127.0.0.1:5432/${DATABASE_NAME}`;
}

/** Migrates and seeds the large data set unless it is there. */
async function ensureSeeded(url: string): Promise<void> {
  const handle = await openDatabase({ url });
  try {
    await handle.migrate();
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from customers`,
    )) as unknown as {
      rows: { n: number }[];
    };
    if ((result.rows[0]?.n ?? 0) < LARGE_CUSTOMERS) {
      console.log('seeding the large data set (once; takes minutes)…');
      await seedLarge(handle.db, (line) => console.log(line));
    }
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
}

/** Starts `server/main.ts` on {@link PORT} and waits until it answers. */
async function startServer(url: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../server/main.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        JOULE_DEMO: '0',
        JOULE_PROCESSES: String(PROCESSES),
        JOULE_SECRET_KEY: 'bench-load-secret-0123456789-0123456789',
        JWT_ACCESS_LIFETIME: '3600',
        JOULE_AUTH_RATE: '1000/min',
        JOULE_EXPENSIVE_RATE: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/config/`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the server did not start within 60 s');
}

/** Sends {@link CONNECTIONS} connections' worth of `path` for `seconds`. */
async function load(path: string, token: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${PORT}/api/v1${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Worst latency of `GET /config/` probed every 20 ms while `during` runs. */
async function probeLoopDelay(during: Promise<unknown>): Promise<number> {
  let worst = 0;
  let running = true;
  void during.finally(() => (running = false));
  while (running) {
    const start = performance.now();
    await fetch(`http://127.0.0.1:${PORT}/api/v1/config/`);
    worst = Math.max(worst, performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return worst;
}

const url = await databaseUrl();
await ensureSeeded(url);
const server = await startServer(url);
try {
  const login = await fetch(`http://127.0.0.1:${PORT}/api/v1/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const { access } = (await login.json()) as { access: string };

  console.log(
    `\nPostgreSQL, ${LARGE_CUSTOMERS.toLocaleString('en')} customers; ${CONNECTIONS} connections, ${RUNS} run${RUNS === 1 ? '' : 's'} of ${SECONDS} s a case; ${PROCESSES} server process${PROCESSES === 1 ? '' : 'es'}`,
  );
  console.log('figures: median of the runs (min–max)');
  console.log(
    `${'case'.padEnd(20)} ${'req/s'.padStart(18)} ${'p50 ms'.padStart(14)} ${'p99 ms'.padStart(14)} ${'DRF req/s'.padStart(10)} ${'× DRF'.padStart(7)}  target (≥ 3× DRF, p99 ≤ ${P99_TARGET_MS} ms)`,
  );
  for (const { name, path, drf } of CASES) {
    await load(path, access, 2); // warm-up
    const rps: number[] = [];
    const p50: number[] = [];
    const p99: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await load(path, access, SECONDS);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      rps.push(result.requests.average);
      p50.push(result.latency.p50);
      p99.push(result.latency.p99);
    }
    const met = median(rps) >= 3 * drf && median(p99) <= P99_TARGET_MS;
    console.log(
      `${name.padEnd(20)} ${withRange(rps).padStart(18)} ${withRange(p50).padStart(14)} ${withRange(p99).padStart(14)} ${String(drf).padStart(10)} ${(median(rps) / drf).toFixed(1).padStart(7)}  ${met ? 'met' : 'MISSED'}`,
    );
  }

  const check = await fetch(`http://127.0.0.1:${PORT}/api/v1${WORST}`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!check.ok) throw new Error(`${WORST}: ${check.status} ${await check.text()}`);
  const worst = load(WORST, access, SECONDS);
  const delay = await probeLoopDelay(worst);
  const worstResult = await worst;
  console.log(
    `\nworst allowed query (${worstResult.requests.average.toFixed(1)} req/s, p99 ${worstResult.latency.p99.toFixed(0)} ms): ` +
      `a trivial request waited at most ${delay.toFixed(0)} ms (target < ${LOOP_DELAY_TARGET_MS} ms: ${delay < LOOP_DELAY_TARGET_MS ? 'met' : 'MISSED'})`,
  );
} finally {
  server.kill();
  await once(server, 'exit');
}
