/**
 * `npm run bench:api`: latency of the list queries that must stay fast on the large data
 * set (issue "The whole domain in the API", docs/product.md §9 page size 25), for the embedded
 * PGlite and for a PostgreSQL server. Not part of `npm test`.
 *
 * For each engine: seeds the large data set when the database lacks it (`seed/large.ts`),
 * starts the real app on a loopback port, signs in and times each request over HTTP
 * (warm-up first), printing median and p99 with the target (median under 20 ms on
 * PostgreSQL).
 *
 * - PGlite: the data folder `BENCH_DATA_DIR` (default `<tmp>/joule-bench/pglite`, kept for
 *   the next run; the seed is the slow part).
 * - PostgreSQL: `BENCH_DATABASE_URL` when given; otherwise a throwaway cluster made with
 *   the local `initdb` / `pg_ctl` (run as the `postgres` user when this runs as root) on
 *   port `BENCH_PG_PORT` (default 5433) in a temporary folder, removed afterwards. Without
 *   either, the bench says so and measures PGlite only.
 * - `BENCH_ENGINES=pglite` or `=postgres` measures one; `BENCH_SAMPLES` sets the samples
 *   per query (default 200).
 * - Then, on PostgreSQL, "import 1,000,000 readings" (`bench/import.ts`) in a scratch
 *   database of its own on the same server, dropped afterwards (the large data set is never
 *   written to); `BENCH_IMPORT_ROWS` sets the size, `0` skips it. `BENCH_ENGINES=import`
 *   runs only that, on the server of `BENCH_DATABASE_URL` (default the local
 *   `postgres://postgres@127.0.0.1:5432/postgres`).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startBenchApp } from './bench-app';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { LARGE_CUSTOMERS, seedLarge } from '../server/seed';
import { findPgBin, startPgCluster } from '../server/test-support/pg-cluster';
import { benchImport } from './import';
import { percentile } from './stats';

const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);
const WARM_UP = 20;
const TARGET_MS = 20;
const PG_PORT = Number(process.env.BENCH_PG_PORT || 5433);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);

/** One timed request. */
interface Case {
  readonly name: string;
  readonly path: string;
  /** Its own median target on PostgreSQL in ms. @default TARGET_MS */
  readonly target?: number;
}

/** docs/product.md: a year of daily consumption buckets of one meter answers within this. */
const CONSUMPTION_TARGET_MS = 50;

async function one(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Seeds the large data set unless it is there; logs progress. */
async function ensureSeeded(handle: DatabaseHandle, label: string): Promise<void> {
  await handle.migrate();
  const customers = await one(handle, sql`select count(*) from customers`);
  if (customers >= LARGE_CUSTOMERS) {
    // Cheap when the seed already did it; fresh statistics and visibility map otherwise.
    await handle.db.execute(sql`vacuum analyze`);
    return;
  }
  console.log(`${label}: seeding the large data set (once; takes minutes)…`);
  const started = performance.now();
  await seedLarge(handle.db, (line) => console.log(line));
  console.log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The requests to time, with anchors picked from the data. */
async function cases(handle: DatabaseHandle): Promise<Case[]> {
  // A meter with readings (the devices `makeLargeBillable` adds last have none).
  const device = await one(
    handle,
    sql`select tariff_device_id from measurements order by id desc limit 1`,
  );
  const anchor = await one(
    handle,
    sql`select id from measurements where tariff_device_id = ${device}
        order by timestamp_received desc offset 180 limit 1`,
  );
  const year = await one(
    handle,
    sql`select extract(year from max(timestamp_received))::int from measurements
        where tariff_device_id = ${device}`,
  );
  return [
    { name: 'customers, page 1 of 25', path: '/customers/?page_size=25' },
    { name: 'customers, search "dvorak"', path: '/customers/?search=dvorak&page_size=25' },
    { name: 'customers, sort by last_name', path: '/customers/?sort=last_name&page_size=25' },
    { name: 'customers, sort by -last_name', path: '/customers/?sort=-last_name&page_size=25' },
    {
      name: 'readings of a meter, keyset page',
      path: `/measurements/?filter=tariff_device=${device}&page_after_id=${anchor}&page_size=25`,
    },
    {
      name: 'consumption, a year of days',
      path: `/tariffdevices/${device}/consumption/?from=${year}-01-01&to=${year}-12-31&bucket=day`,
      target: CONSUMPTION_TARGET_MS,
    },
  ];
}

/** Starts the app on `handle`, times every case and prints the figures. */
async function measure(handle: DatabaseHandle, label: string, postgres: boolean): Promise<void> {
  const { base, access, close } = await startBenchApp(handle);
  try {
    const headers = { authorization: `Bearer ${access}` };
    const readings = await one(handle, sql`select count(*) from measurements`);
    const customers = await one(handle, sql`select count(*) from customers`);
    console.log(
      `\n${label} (${handle.description}): ${customers.toLocaleString('en')} customers, ${readings.toLocaleString('en')} readings; ${SAMPLES} samples each`,
    );
    for (const { name, path, target: caseTarget = TARGET_MS } of await cases(handle)) {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        const start = performance.now();
        const response = await fetch(`${base}${path}`, { headers });
        const body = (await response.json()) as { results?: unknown[] } | unknown[];
        const elapsed = performance.now() - start;
        const rows = Array.isArray(body) ? body : body.results;
        if (response.status !== 200 || !rows?.length)
          throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
        if (i >= WARM_UP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 50);
      const target = postgres
        ? `target < ${caseTarget} ms median: ${median < caseTarget ? 'met' : 'MISSED'}`
        : 'no target on PGlite';
      console.log(
        `  ${name.padEnd(36)} median ${median.toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms   (${target})`,
      );
    }
  } finally {
    await close();
  }
}

async function benchPglite(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR || join(tmpdir(), 'joule-bench', 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await ensureSeeded(handle, 'PGlite');
    await measure(handle, 'PGlite', false);
  } finally {
    await handle.close();
  }
}

async function benchPostgres(): Promise<void> {
  let url = process.env.BENCH_DATABASE_URL;
  let stop = () => {};
  if (!url) {
    const bin = findPgBin();
    if (!bin) {
      console.log(
        '\nPostgreSQL: no BENCH_DATABASE_URL and no initdb found (apt-get install postgresql); measuring PGlite only.',
      );
      return;
    }
    const cluster = startPgCluster({
      bin,
      port: PG_PORT,
      settings: ['shared_buffers=256MB'],
    });
    console.log(`\nPostgreSQL: a throwaway cluster in ${cluster.dir} on port ${PG_PORT}`);
    stop = () => cluster.destroy();
    url = cluster.url;
  }
  try {
    const handle = await openDatabase({ url });
    try {
      await ensureSeeded(handle, 'PostgreSQL');
      await measure(handle, 'PostgreSQL', true);
    } finally {
      await handle.close();
    }
    if (IMPORT_ROWS > 0) await benchImport(url, IMPORT_ROWS);
  } finally {
    stop();
  }
}

const engines = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',');
if (engines.includes('pglite')) await benchPglite();
if (engines.includes('postgres')) await benchPostgres();
if (engines.includes('import') && IMPORT_ROWS > 0)
  await benchImport(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    IMPORT_ROWS,
  );
