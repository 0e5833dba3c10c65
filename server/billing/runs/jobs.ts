/**
 * What the billing queue carries and the queue of this process (docs/billing.md "Billing
 * runs"), apart from `queue.ts` so that planning (`plan.ts`), which sends jobs, and the
 * queue, whose workers plan, do not import each other.
 */
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

/** The pg-boss queue of billing batches. */
export const BILLING_QUEUE = 'billing-batch';

/** The pg-boss queue of runs to plan (a run with many contracts due, `plan.ts`). */
export const BILLING_PLAN_QUEUE = 'billing-plan';

/**
 * Contracts per job. A batch is billed set-based (`process.ts`): its fixed costs (a dozen
 * statements, the job's fetch) are shared by all its contracts, and 500 keep its transaction
 * near a second on a busy 2-core machine.
 */
export const BATCH_SIZE = 500;

/**
 * Most active contracts a run is planned for inside the request that creates it; with more,
 * a worker plans it (a job on {@link BILLING_PLAN_QUEUE}) and the request answers at once.
 */
export const INLINE_PLAN_MAX = 2_000;

/** What one job carries: the run and the ids of its items (`billing_run_items`). */
export interface BatchJob {
  readonly run: number;
  readonly items: number[];
}

/** A started queue; {@link BillingQueue.stop} on shutdown. */
/**
 * The queue of a run's invoice mailings (docs/billing.md "Sending"): one job per request to
 * send a run's issued invoices, taken by a process that has a mailer.
 */
export const INVOICE_SEND_QUEUE = 'invoice-send';

/** What a mailing job carries: the run, and who asked (the audit's actor). */
export interface SendJob {
  readonly run: number;
  readonly user: { readonly id: number; readonly email: string } | null;
}

export interface BillingQueue {
  readonly boss: PgBoss;
  /** Active contracts above which a run is planned by a worker ({@link INLINE_PLAN_MAX}). */
  readonly inlinePlanMax: number;
  /** Sends `jobs` inside the transaction `tx`. */
  send(tx: Database, jobs: readonly BatchJob[]): Promise<void>;
  /** Sends the planning of run `run` inside the transaction `tx`. */
  sendPlan(tx: Database, run: number): Promise<void>;
  /** Queues the mailing of run `job.run`'s issued invoices (one job per run at a time). */
  sendInvoices(job: SendJob): Promise<void>;
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

/** Makes `queue` this process's queue (undefined: none). */
export function setBillingQueue(queue: BillingQueue | undefined): void {
  current = queue;
}
