/**
 * `npm run worker` (docs/operations.md: a worker started on its own shares
 * the runs of the database): the real `server/worker.ts` as a child process on a fresh
 * database of the PostgreSQL server at `JOULE_TEST_POSTGRES_URL` (default the local one)
 * bills a run planned by another process, and stops on SIGTERM. Skipped, saying why, when no
 * PostgreSQL answers. Without `DATABASE_URL` it refuses to start: PGlite bills in the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_QUEUE, planRun, startBillingQueue } from './billing';
import type { BillingQueue } from './billing/runs/queue';
import { seedBillable } from './billing/runs/fixtures';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { billingRuns, invoices } from './db/schema';
import { testPostgresAvailable, testPostgresUrl } from './test-support/pg-cluster';

const serverUrl = testPostgresUrl;
const root = fileURLToPath(new URL('..', import.meta.url));
const available = await testPostgresAvailable();

/** Starts `server/worker.ts` with `env`; resolves with the child and what it printed. */
function startWorker(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: undefined, JOULE_DATA_DIR: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output, exited };
}

describe('npm run worker without DATABASE_URL', () => {
  it('refuses to start: with PGlite the server bills by itself', async () => {
    const { output, exited } = startWorker({});
    expect(await exited).toBe(2);
    expect(output.text).toContain('npm run worker needs DATABASE_URL');
  }, 60_000);
});

describe.skipIf(!available)('npm run worker on PostgreSQL', () => {
  const name = `joule_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  let handle: DatabaseHandle;
  let queue: BillingQueue;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    handle = await openDatabase({ url: databaseUrl });
    await handle.migrate();
    // This process only sends jobs, as a server with JOULE_WORKER=0 does.
    queue = await startBillingQueue(handle.db, { work: false });
  }, 90_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await queue?.stop();
    await handle?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('bills a run planned elsewhere, then stops on SIGTERM', async () => {
    const db = handle.db;
    const seeded = await seedBillable(db, { count: 3, points: 2, prefix: 'WORKER' });
    const runId = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(billingRuns)
        .values({ month: '2026-03-01' })
        .returning({ id: billingRuns.id });
      await planRun(tx as unknown as Database, run!.id);
      return run!.id;
    });
    const started = startWorker({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    worker = started.child;
    let state = 'running';
    for (let i = 0; i < 600 && state === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await db
        .select({ state: billingRuns.state })
        .from(billingRuns)
        .where(eq(billingRuns.id, runId));
      state = row!.state;
    }
    expect(state, started.output.text).toBe('done');
    expect(started.output.text).toMatch(/Billing worker \d+ is taking jobs/);
    const [invoiced] = await db
      .select({ n: count() })
      .from(invoices)
      .where(inArray(invoices.contract, seeded.contracts));
    expect(Number(invoiced!.n)).toBe(3);

    worker.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 120_000);

  it('takes the next batch at once, not after waiting out its polling interval', async () => {
    const db = handle.db;
    // Three batches of items no run holds: each is done at once. A worker polling every
    // 60 s takes the first when it starts; the next two only if a finished batch makes it
    // fetch again straight away (pg-boss would otherwise wait out the interval).
    await db.transaction((tx) =>
      queue.send(tx as unknown as Database, [
        { run: 0, items: [999_991] },
        { run: 0, items: [999_992] },
        { run: 0, items: [999_993] },
      ]),
    );
    const working = await startBillingQueue(db, { work: true, pollingSeconds: 60 });
    try {
      let completed = 0;
      for (let i = 0; i < 200 && completed < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const answer = (await db.execute(
          sql`select count(*)::int as n from pgboss.job
              where name = ${BILLING_QUEUE} and state = 'completed' and data->>'run' = '0'`,
        )) as unknown as { rows: { n: number }[] };
        completed = answer.rows[0]!.n;
      }
      expect(completed).toBe(3);
    } finally {
      await working.stop();
    }
  }, 60_000);

  it('stopped while its first fetch is in flight, leaves nothing running on its connection', async () => {
    // A job waits; the worker's first fetch starts as the queue starts, and the queue is
    // stopped at once, on a connection ended as soon as stop() resolves (as the server
    // does on SIGTERM). pg-boss hands the fetched job to the handler after its own stop: the
    // job must go back to the queue, and nothing may touch the ended pool (an unhandled
    // rejection fails this file).
    await handle.db.transaction((tx) =>
      queue.send(tx as unknown as Database, [{ run: 0, items: [999_994] }]),
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const own = await openDatabase({ url: databaseUrl });
      const working = await startBillingQueue(own.db, { work: true, pollingSeconds: 60 });
      await working.stop();
      await own.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = (await handle.db.execute(
      sql`select state from pgboss.job where name = ${BILLING_QUEUE} and data->'items' = '[999994]'`,
    )) as unknown as { rows: { state: string }[] };
    expect(answer.rows.map((row) => row.state)).not.toContain('completed');
  }, 60_000);
});
