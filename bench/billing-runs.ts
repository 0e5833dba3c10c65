/**
 * `npm run bench:billing-runs` (docs/speed.md): billing runs on the large data set on
 * PostgreSQL —
 *
 * - **throughput**: points billed per second by a run with 1 and with 2 billing workers
 *   (each worker is its own `server/worker.ts` process, as `npm run worker` starts it, taking
 *   one batch of {@link BATCH_SIZE} contracts at a time from the pg-boss queue); target
 *   ≥ 2,000 points/s on 2 cores;
 * - **list latency while a run is going**: median, p95 and p99 of `GET /customers/?page_size=25`
 *   and `GET /invoices/?page_size=25`, asked one after the other with a
 *   {@link PROBE_GAP_MS} ms pause by a signed-in admin, during each run and, for comparison,
 *   for as long without a run just before it; target p99 < 200 ms.
 *
 * Each worker count runs `BENCH_RUNS_REPEAT` times (default 2); a figure is the median of its
 * runs with their range (min–max). The API answering the probe runs in this process
 * (`startBenchApp`, without a billing worker); the workers and PostgreSQL share the machine.
 *
 * The run: the bench plans its runs itself (`planRun`, as the API's `POST /billing-runs/`
 * does) of every contract due in the month `BENCH_RUN_MONTH` (default 2025-03-01: 26,914
 * contracts on the large data set), or only the first `BENCH_RUN_CONTRACTS` of them by id
 * (`limit`, for a quicker look), and prints what the full run of that month would bill and
 * how long it would take at the measured rate. Points
 * are counted on the invoiced items; a failed item (a contract that cannot be billed, e.g.
 * a demo contract without a meter) is processed but bills no point.
 *
 * Data: `BENCH_DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/joule_bench_load`
 * (seeded by `npm run bench:load` or `npm run bench:api`). The bench applies pending
 * migrations and, on a data set seeded before the large seed made its contracts billable,
 * that seed step (`makeLargeBillable`: products, fuses, specifications from 2024, 2024
 * tariffs, a meter with readings for every point; once, idempotent). It owns only its runs: after each one it
 * deletes the run's invoices (with their lines), the run (with its items) and its queue jobs,
 * also when stopped by Ctrl-C, so repeated benches compare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { startBenchApp, type BenchApp } from './bench-app';
import { median, percentile, withRange } from './stats';
import { BATCH_SIZE, BILLING_QUEUE, planRun, startBillingQueue } from '../server/billing';
import { openDatabase, type Database } from '../server/db/client';
import { billingRuns } from '../server/db/schema';
import { LARGE_CUSTOMERS, makeLargeBillable } from '../server/seed';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/joule_bench_load';
const MONTH = process.env.BENCH_RUN_MONTH ?? '2025-03-01';
const CONTRACTS = process.env.BENCH_RUN_CONTRACTS
  ? Number(process.env.BENCH_RUN_CONTRACTS)
  : Number.POSITIVE_INFINITY;
const REPEAT = Math.max(1, Number(process.env.BENCH_RUNS_REPEAT ?? 2));
const WORKER_COUNTS = (process.env.BENCH_RUN_WORKERS ?? '1,2').split(',').map(Number);
/** Pause between two probe requests, in ms. */
const PROBE_GAP_MS = 50;
const PROBE_PATHS = ['/customers/?page_size=25', '/invoices/?page_size=25'] as const;
const POINTS_TARGET = 2000;
const P99_TARGET_MS = 200;
/** Longest a run may take before the bench gives up on it. */
const RUN_TIMEOUT_MS = 30 * 60_000;

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Latencies (ms) per probe path. */
type Latencies = Record<(typeof PROBE_PATHS)[number], number[]>;

/** Asks the probe paths in turn until `until` settles; returns the latencies. */
async function probe(app: BenchApp, until: Promise<unknown>): Promise<Latencies> {
  const times: Latencies = { '/customers/?page_size=25': [], '/invoices/?page_size=25': [] };
  let running = true;
  const stop = () => (running = false);
  void until.then(stop, stop);
  for (let i = 0; running; i += 1) {
    const path = PROBE_PATHS[i % PROBE_PATHS.length]!;
    const started = performance.now();
    const response = await fetch(`${app.base}${path}`, {
      headers: { authorization: `Bearer ${app.access}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    times[path].push(performance.now() - started);
    await sleep(PROBE_GAP_MS);
  }
  return times;
}

/** Starts `count` billing workers (`server/worker.ts`) and waits until each takes jobs. */
async function startWorkers(count: number): Promise<ChildProcess[]> {
  const script = fileURLToPath(new URL('../server/worker.ts', import.meta.url));
  const workers: ChildProcess[] = [];
  for (let i = 0; i < count; i += 1) {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATABASE_URL: url, JOULE_WORKER_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    workers.push(child);
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('is taking jobs')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker ended (${code}) before taking jobs`)));
    });
  }
  return workers;
}

async function stopWorkers(workers: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    }),
  );
}

const handle = await openDatabase({ url });
const db = handle.db;

/** Deletes run `id`, its invoices (lines cascade), its items (cascade) and its queue jobs. */
async function removeRun(id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from invoices where run_id = ${id}`);
    await tx.execute(sql`delete from billing_runs where id = ${id}`);
    for (const table of ['job', 'archive']) {
      const [found] = await rows<{ name: string | null }>(
        tx as unknown as Database,
        sql`select to_regclass(${`pgboss.${table}`})::text as name`,
      );
      if (found?.name)
        await tx.execute(
          sql`delete from ${sql.raw(`pgboss.${table}`)} where name = ${BILLING_QUEUE} and (data->>'run')::int = ${id}`,
        );
    }
  });
}

let current: number | undefined;
let workers: ChildProcess[] = [];
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    interrupted = true;
    console.log(`\n${signal}: removing the bench's run and stopping…`);
    void stopWorkers(workers)
      .then(() => (current === undefined ? undefined : removeRun(current)))
      .finally(() => process.exit(130));
  });

/** Plans a run of the month over the first {@link CONTRACTS} due contracts; returns its id. */
async function createRun(limit?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(billingRuns)
      .values({ month: MONTH })
      .returning({ id: billingRuns.id });
    current = run!.id;
    await planRun(tx as unknown as Database, run!.id, { limit });
    return run!.id;
  });
}

/** Contracts and points a full run of the month would plan (planned and rolled back). */
async function fullRunSize(): Promise<{ contracts: number; points: number }> {
  let size = { contracts: 0, points: 0 };
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      const [run] = await tx
        .insert(billingRuns)
        .values({ month: MONTH })
        .returning({ id: billingRuns.id });
      await planRun(tx as unknown as Database, run!.id);
      const [counted] = await rows<{ contracts: number; points: number }>(
        tx as unknown as Database,
        sql`select count(*)::int as contracts, coalesce(sum(points), 0)::int as points
            from billing_run_items where run_id = ${run!.id}`,
      );
      size = counted ?? size;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return size;
}

/** What one run measured. */
interface RunFigures {
  seconds: number;
  pointsPerSecond: number;
  contractsPerSecond: number;
  invoiced: number;
  failed: number;
  skipped: number;
  /** The failed items' reason codes with their counts. */
  reasons: string;
  points: number;
  idle: Latencies;
  busy: Latencies;
}

async function measureRun(app: BenchApp): Promise<RunFigures> {
  // The same probe for a while without a run, then during the run.
  const idle = await probe(app, sleep(10_000));
  const started = performance.now();
  const id = await createRun(Number.isFinite(CONTRACTS) ? CONTRACTS : undefined);
  const done = (async () => {
    while (performance.now() - started < RUN_TIMEOUT_MS) {
      // Ctrl-C: the signal handler removes the run and exits; wait for it.
      if (interrupted) await new Promise<never>(() => {});
      const [run] = await db
        .select({ state: billingRuns.state })
        .from(billingRuns)
        .where(eq(billingRuns.id, id));
      if (run?.state !== 'running') return performance.now();
      await sleep(50);
    }
    throw new Error(`run ${id} not done within ${RUN_TIMEOUT_MS / 60_000} min`);
  })();
  const busy = await probe(app, done);
  const seconds = ((await done) - started) / 1000;
  const counts = await rows<{ status: string; n: number; points: number }>(
    db,
    sql`select status, count(*)::int as n, coalesce(sum(points), 0)::int as points
        from billing_run_items where run_id = ${id} group by status`,
  );
  const reasons = await rows<{ code: string; n: number }>(
    db,
    sql`select r->>'code' as code, count(*)::int as n
        from billing_run_items i cross join jsonb_array_elements(i.reasons) r
        where i.run_id = ${id} and i.status = 'failed' group by 1 order by 2 desc`,
  );
  const of = (status: string) => counts.find((row) => row.status === status);
  const all = counts.reduce((sum, row) => sum + row.n, 0);
  const points = of('invoiced')?.points ?? 0;
  await removeRun(id);
  current = undefined;
  return {
    seconds,
    pointsPerSecond: points / seconds,
    contractsPerSecond: all / seconds,
    invoiced: of('invoiced')?.n ?? 0,
    failed: of('failed')?.n ?? 0,
    skipped: of('skipped')?.n ?? 0,
    reasons: reasons.map(({ code, n }) => `${code} ${n}`).join(', '),
    points,
    idle,
    busy,
  };
}

try {
  await handle.migrate();
  const [people] = await rows<{ n: number }>(db, sql`select count(*)::int as n from customers`);
  if ((people?.n ?? 0) < LARGE_CUSTOMERS)
    throw new Error(
      `${url} holds ${people?.n ?? 0} customers, not the large data set; seed it with npm run bench:load (or bench:api) first`,
    );
  const upgraded = await makeLargeBillable(db);
  if (upgraded > 0) {
    console.log(
      `note: made the large seed's contracts and points billable (${upgraded} rows; the seed step added with this bench, once)`,
    );
    await db.execute(
      sql`vacuum analyze contracts, specifications, tariffs, tariff_devices, measurements`,
    );
  }
  // The queue to send jobs to; this process takes none.
  const queue = await startBillingQueue(db, { work: false });
  const app = await startBenchApp(handle);
  try {
    const full = await fullRunSize();
    console.log(
      `bench:billing-runs on ${url.replace(/\/\/[^@]*@/, '//')}: ${people!.n.toLocaleString('en')} customers; ` +
        (Number.isFinite(CONTRACTS)
          ? `runs of the first ${CONTRACTS.toLocaleString('en')} of the ${full.contracts.toLocaleString('en')} contracts `
          : `runs of all ${full.contracts.toLocaleString('en')} contracts `) +
        `(${full.points.toLocaleString('en')} points) due in ${MONTH.slice(0, 7)}; ${REPEAT} run${REPEAT === 1 ? '' : 's'} per worker count; ` +
        `batches of ${BATCH_SIZE}; probe every ${PROBE_GAP_MS} ms`,
    );
    const results = new Map<number, RunFigures[]>();
    for (const count of WORKER_COUNTS) {
      workers = await startWorkers(count);
      try {
        const figures: RunFigures[] = [];
        for (let i = 0; i < REPEAT; i += 1) {
          const result = await measureRun(app);
          figures.push(result);
          console.log(
            `  ${count} worker${count === 1 ? '' : 's'}, run ${i + 1}: ${result.seconds.toFixed(1)} s, ` +
              `${result.invoiced} invoiced (${result.points} points), ${result.failed} failed${result.failed ? ` (${result.reasons})` : ''}, ${result.skipped} skipped`,
          );
        }
        results.set(count, figures);
      } finally {
        await stopWorkers(workers);
        workers = [];
      }
    }

    console.log('\nfigures: median of the runs (min–max)');
    console.log(
      `${'workers'.padEnd(8)} ${'run s'.padStart(18)} ${'points/s'.padStart(18)} ${'contracts/s'.padStart(18)}  full month at this rate  target (≥ ${POINTS_TARGET.toLocaleString('en')} points/s)`,
    );
    for (const [count, figures] of results) {
      const rate = median(figures.map((f) => f.pointsPerSecond));
      const perContract = median(figures.map((f) => f.contractsPerSecond));
      console.log(
        `${String(count).padEnd(8)} ${withRange(
          figures.map((f) => f.seconds),
          1,
        ).padStart(
          18,
        )} ${withRange(figures.map((f) => f.pointsPerSecond)).padStart(18)} ${withRange(
          figures.map((f) => f.contractsPerSecond),
        ).padStart(
          18,
        )}  ${`${(full.contracts / perContract).toFixed(0)} s`.padStart(23)}  ${rate >= POINTS_TARGET ? 'met' : 'MISSED'}`,
      );
    }

    console.log(
      `\nlist latency, ms (median, p95, p99 of each run's requests; the runs' median (min–max))`,
    );
    console.log(
      `${'request'.padEnd(26)} ${'while'.padEnd(18)} ${'requests'.padStart(9)} ${'median'.padStart(18)} ${'p95'.padStart(18)} ${'p99'.padStart(18)}  target (p99 < ${P99_TARGET_MS} ms)`,
    );
    for (const path of PROBE_PATHS) {
      const rowsOf = [
        ['no run', [...results.values()].flat().map((f) => f.idle[path])] as const,
        ...[...results].map(
          ([count, figures]) =>
            [
              `run, ${count} worker${count === 1 ? '' : 's'}`,
              figures.map((f) => f.busy[path]),
            ] as const,
        ),
      ];
      for (const [label, samples] of rowsOf) {
        const sorted = samples.map((times) => [...times].sort((a, b) => a - b));
        const at = (p: number) => sorted.map((times) => percentile(times, p));
        const p99 = median(at(99));
        console.log(
          `${path.padEnd(26)} ${label.padEnd(18)} ${median(sorted.map((t) => t.length))
            .toFixed(0)
            .padStart(
              9,
            )} ${withRange(at(50), 1).padStart(18)} ${withRange(at(95), 1).padStart(18)} ${withRange(at(99), 1).padStart(18)}  ${p99 < P99_TARGET_MS ? 'met' : 'MISSED'}`,
        );
      }
    }
  } finally {
    await app.close();
    await queue.stop();
  }
} finally {
  await stopWorkers(workers);
  if (current !== undefined) await removeRun(current);
  await handle.close();
}
