/**
 * The billing job queue (docs/operations.md): pg-boss 10 in the app's own
 * database (schema `pgboss`). A run is split into jobs of {@link BATCH_SIZE} contracts; any
 * process that {@link startBillingQueue}s with `work` takes jobs from the shared queue, so
 * workers on any number of machines sharing the database share a run. pg-boss hands each job
 * to one worker (`FOR UPDATE SKIP LOCKED`); should a job still run twice (a worker dying
 * after billing, before completing the job), the items it bills are locked and checked
 * again (`process.ts`) and the unique index on (contract, period) refuses a second invoice.
 *
 * PGlite: pg-boss talks to it through a custom `db` executor (its multi-statement scripts go
 * to `exec`, parameterised statements to `query`), so the one embedded database carries the
 * queue too.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { timeJob, watchJobQueue } from '../../metrics';
import type { Mailer } from '../../auth/mailer';
import { sendRunInvoices } from '../invoices/send-run';
import {
  BILLING_PLAN_QUEUE,
  BILLING_QUEUE,
  INLINE_PLAN_MAX,
  INVOICE_SEND_QUEUE,
  type SendJob,
  billingQueue,
  setBillingQueue,
  type BatchJob,
  type BillingQueue,
} from './jobs';
import { planQueued } from './plan';
import { processBatch } from './process';

export {
  BATCH_SIZE,
  BILLING_PLAN_QUEUE,
  BILLING_QUEUE,
  INLINE_PLAN_MAX,
  billingQueue,
  type BatchJob,
  type BillingQueue,
} from './jobs';

/** pg-boss's database interface. */
type Executor = PgBoss.Db;

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The executor over the app's own connection (PGlite instance or `pg` pool). */
function executorOf(db: Database): Executor {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        }
        return client.query(text, values);
      },
    };
  }
  const pool = client as QueryClient;
  return { executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: never[] }> };
}

/**
 * Counts what pg-boss still has under way on our connection: its queries and our job
 * handlers. pg-boss's graceful stop waits only for jobs already fetched: a worker whose
 * fetch is still in flight gets its job after `stop()` resolved and then completes or fails
 * it without awaiting, on a pool the caller is about to end (an unhandled rejection that
 * ends the process). {@link settled} waits until nothing is under way across a timer tick.
 */
class InFlight {
  private count = 0;

  /** Runs `work`, counted while it runs. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work();
    } finally {
      this.count -= 1;
    }
  }

  /**
   * Resolves once nothing was under way at two timer ticks in a row (a query's result and
   * what pg-boss does with it are one chain of microtasks, run before any timer), or after
   * `maxMs` milliseconds.
   */
  async settled(maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    let quiet = 0;
    while (quiet < 2 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      quiet = this.count === 0 ? quiet + 1 : 0;
    }
  }
}

/** `executor` with each query counted by `inFlight`. */
function trackedExecutor(executor: Executor, inFlight: InFlight): Executor {
  return { executeSql: (text, values) => inFlight.track(() => executor.executeSql(text, values)) };
}

/** `text` with `$n` placeholders as a drizzle statement bound to `values`. */
function boundSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`);
  });
  return sql.join(chunks);
}

/** An executor inside the drizzle transaction `tx`: jobs sent through it commit with it. */
export function transactionExecutor(tx: Database): Executor {
  return {
    async executeSql(text, values) {
      const result = await tx.execute(boundSql(text, values ?? []));
      return { rows: (result as unknown as { rows: never[] }).rows };
    },
  };
}

/** Options of {@link startBillingQueue}. */
export interface BillingQueueOptions {
  /** Take jobs in this process. */
  readonly work: boolean;
  /** Jobs one worker bills at a time. @default 1 */
  readonly concurrency?: number;
  /** Seconds between polls for new jobs. @default 0.5 */
  readonly pollingSeconds?: number;
  /** Called when a batch fails (logged by the caller). */
  readonly onError?: (error: unknown) => void;
  /**
   * On {@link BillingQueue.stop}, longest wait for the batches being billed, in milliseconds;
   * past it they are handed back to the queue (failed, to be retried by any worker: nothing
   * is billed twice, `process.ts`). @default 10000
   */
  readonly stopTimeoutMs?: number;
  /** See {@link INLINE_PLAN_MAX} (tests set 0: every run planned by a worker). */
  readonly inlinePlanMax?: number;
  /**
   * With `work`: also take the mailings of runs' invoices ({@link INVOICE_SEND_QUEUE}),
   * sent through this mailer. Without it, this process leaves them to one that has one.
   */
  readonly mailer?: Mailer;
}

/** Jobs of the billing queue waiting and being worked on (docs/operations.md "Metrics"). */
async function countJobs(db: Database): Promise<{ queued: number; active: number }> {
  const result = (await db.execute(sql`
    select count(*) filter (where state in ('created', 'retry'))::int as queued,
           count(*) filter (where state = 'active')::int as active
    from pgboss.job where name = ${BILLING_QUEUE}`)) as unknown as {
    rows: { queued: number; active: number }[];
  };
  const row = result.rows[0];
  return { queued: Number(row?.queued ?? 0), active: Number(row?.active ?? 0) };
}

/**
 * Creates or migrates pg-boss's schema on `db` and stops again, taking no jobs. Run once by
 * the process that migrates the database before it starts others (`JOULE_PROCESSES` > 1), so
 * that workers starting together find the queue installed instead of racing to create it.
 */
export async function installBillingQueue(db: Database): Promise<void> {
  const boss = new PgBoss({
    db: executorOf(db),
    schema: 'pgboss',
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.createQueue(BILLING_QUEUE);
  await boss.createQueue(BILLING_PLAN_QUEUE);
  await boss.createQueue(INVOICE_SEND_QUEUE);
  await boss.stop({ graceful: false, wait: true });
}

/**
 * Starts pg-boss on `db` (creating or migrating its schema), creates the queue and, with
 * `work`, takes batches. Becomes this process's {@link billingQueue}.
 */
export async function startBillingQueue(
  db: Database,
  options: BillingQueueOptions,
): Promise<BillingQueue> {
  const inFlight = new InFlight();
  let stopping = false;
  const boss = new PgBoss({
    db: trackedExecutor(executorOf(db), inFlight),
    schema: 'pgboss',
    schedule: false,
    supervise: options.work,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(BILLING_QUEUE);
  await boss.createQueue(BILLING_PLAN_QUEUE);
  await boss.createQueue(INVOICE_SEND_QUEUE);
  const forgetQueue = watchJobQueue(BILLING_QUEUE, () => countJobs(db));
  const queue: BillingQueue = {
    boss,
    inlinePlanMax: options.inlinePlanMax ?? INLINE_PLAN_MAX,
    async sendPlan(tx, run) {
      await boss.insert(
        [{ name: BILLING_PLAN_QUEUE, data: { run }, retryLimit: 3, expireInSeconds: 900 }],
        { db: transactionExecutor(tx) },
      );
    },
    async send(tx, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((data) => ({ name: BILLING_QUEUE, data, retryLimit: 3, expireInSeconds: 900 })),
        { db: transactionExecutor(tx) },
      );
    },
    async sendInvoices(job) {
      // One mailing per run waits at a time: asking again while it waits adds nothing.
      await boss.send(INVOICE_SEND_QUEUE, job, {
        singletonKey: `run-${job.run}`,
        retryLimit: 3,
        expireInSeconds: 3_600,
      });
    },
    async stop() {
      if (billingQueue() === queue) setBillingQueue(undefined);
      forgetQueue();
      stopping = true;
      const timeout = options.stopTimeoutMs ?? 10_000;
      await boss.stop({ graceful: true, wait: true, timeout });
      await inFlight.settled(timeout);
    },
  };
  setBillingQueue(queue);
  /** A job fetched once stopping began goes back to the queue (failed, retried later). */
  const refuseWhenStopping = () => {
    if (stopping) throw new Error('the billing queue is stopping');
  };
  if (options.work) {
    await boss.work<{ run: number }>(
      BILLING_PLAN_QUEUE,
      { pollingIntervalSeconds: options.pollingSeconds ?? 0.5, batchSize: 1 },
      ([job]) =>
        inFlight.track(async () => {
          refuseWhenStopping();
          if (job) await timeJob(BILLING_PLAN_QUEUE, () => planQueued(db, job.data.run));
        }),
    );
    const mailer = options.mailer;
    if (mailer)
      await boss.work<SendJob>(
        INVOICE_SEND_QUEUE,
        { pollingIntervalSeconds: options.pollingSeconds ?? 0.5, batchSize: 1 },
        ([job]) =>
          inFlight.track(async () => {
            refuseWhenStopping();
            if (job)
              await sendRunInvoices(db, job.data, mailer, (error) => options.onError?.(error));
          }),
      );
    const concurrency = options.concurrency ?? 1;
    for (let i = 0; i < concurrency; i += 1) {
      const worker: { id?: string } = {};
      worker.id = await boss.work<BatchJob>(
        BILLING_QUEUE,
        { pollingIntervalSeconds: options.pollingSeconds ?? 0.5, batchSize: 1 },
        ([job]) =>
          inFlight.track(async () => {
            refuseWhenStopping();
            if (!job) return;
            await timeJob(BILLING_QUEUE, () => processBatch(db, job.data.run, job.data.items));
            // pg-boss waits out the rest of its polling interval after a job that took less;
            // a batch done means more may be waiting: fetch the next one at once.
            if (worker.id) boss.notifyWorker(worker.id);
          }),
      );
    }
  }
  return queue;
}
