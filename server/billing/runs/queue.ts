/**
 * The billing job queue (issue #15 "Scale beyond one process"): pg-boss 10 in the app's own
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
import { processBatch } from './process';

/** The pg-boss queue of billing batches. */
export const BILLING_QUEUE = 'billing-batch';

/**
 * Contracts per job. A batch is billed set-based (`process.ts`): its fixed costs (a dozen
 * statements, the job's fetch) are shared by all its contracts, and 500 keep its transaction
 * near a second on a busy 2-core machine.
 */
export const BATCH_SIZE = 500;

/** What one job carries: the run and the ids of its items (`billing_run_items`). */
export interface BatchJob {
  readonly run: number;
  readonly items: number[];
}

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

/** A started queue; {@link BillingQueue.stop} on shutdown. */
export interface BillingQueue {
  readonly boss: PgBoss;
  /** Sends `jobs` inside the transaction `tx`. */
  send(tx: Database, jobs: readonly BatchJob[]): Promise<void>;
  stop(): Promise<void>;
}

let current: BillingQueue | undefined;

/**
 * The queue of this process (started by the server or `npm run worker`), or undefined
 * when none is started: a run created then is planned but has no jobs.
 */
export function billingQueue(): BillingQueue | undefined {
  return current;
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
  const boss = new PgBoss({
    db: executorOf(db),
    schema: 'pgboss',
    schedule: false,
    supervise: options.work,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(BILLING_QUEUE);
  const queue: BillingQueue = {
    boss,
    async send(tx, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((data) => ({ name: BILLING_QUEUE, data, retryLimit: 3, expireInSeconds: 900 })),
        { db: transactionExecutor(tx) },
      );
    },
    async stop() {
      if (current === queue) current = undefined;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  current = queue;
  if (options.work) {
    const concurrency = options.concurrency ?? 1;
    for (let i = 0; i < concurrency; i += 1) {
      const worker: { id?: string } = {};
      worker.id = await boss.work<BatchJob>(
        BILLING_QUEUE,
        { pollingIntervalSeconds: options.pollingSeconds ?? 0.5, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          await processBatch(db, job.data.run, job.data.items);
          // pg-boss waits out the rest of its polling interval after a job that took less;
          // a batch done means more may be waiting: fetch the next one at once.
          if (worker.id) boss.notifyWorker(worker.id);
        },
      );
    }
  }
  return queue;
}
