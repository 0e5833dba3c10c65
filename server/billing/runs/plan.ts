/**
 * Planning a billing run (docs/billing.md "Billing runs"): every active contract whose
 * billing period ends in the run's month becomes an item; the items are sent as jobs of
 * {@link BATCH_SIZE} to the queue. A run of few contracts is planned in the transaction that
 * creates it; one of many ({@link INLINE_PLAN_MAX}) is `planning` until a worker plans it
 * ({@link planQueued}), so that no request waits for it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingRuns } from '../../db/schema';
import { countBillingRun } from '../../metrics';
import { BATCH_SIZE, billingQueue, INLINE_PLAN_MAX } from './jobs';
import { periodEndingIn } from './periods';

interface DueRow {
  id: number;
  period: string;
  start: string;
  valid_to: string | null;
  points: number;
}

/** Options of {@link planRun}. */
export interface PlanOptions {
  /**
   * Plan only the first `limit` due contracts (by id) instead of all of them. Not offered
   * by the API (a run bills every contract due); `npm run bench:billing-runs` uses it to
   * time a bounded run on the large data set. @default every due contract
   */
  readonly limit?: number;
}

/** Plans run `runId` in `tx`: its items, its total and its jobs. */
export async function planRun(
  tx: Database,
  runId: number,
  options: PlanOptions = {},
): Promise<void> {
  const [run] = await tx
    .select({ month: billingRuns.month })
    .from(billingRuns)
    .where(eq(billingRuns.id, runId));
  if (!run) return;
  const result = await tx.execute(sql`
    select c.id, c.billing_period as period,
      to_char(coalesce(c.billing_start, c.valid_from), 'YYYY-MM-DD') as start,
      to_char(c.valid_to, 'YYYY-MM-DD') as valid_to,
      (select count(*)::int from points p where p.contract_id = c.id) as points
    from contracts c where c.state = 'active' order by c.id`);
  const rows = (result as unknown as { rows: DueRow[] }).rows;
  const items = [];
  for (const row of rows) {
    const period = periodEndingIn(row.start, row.period, run.month);
    if (!period) continue;
    // A contract ended before the period began has nothing to bill for it.
    if (row.valid_to !== null && row.valid_to < period.from) continue;
    items.push({ c: Number(row.id), f: period.from, t: period.to, p: Number(row.points) });
    if (options.limit !== undefined && items.length >= options.limit) break;
  }
  const inserted = items.length
    ? await tx.execute(sql`
        insert into billing_run_items (run_id, contract_id, period_from, period_to, points)
        select ${runId}, c, f, t, p
        from json_to_recordset(${JSON.stringify(items)}::json) as x(c integer, f date, t date, p integer)
        returning id`)
    : { rows: [] };
  const ids = (inserted as unknown as { rows: { id: unknown }[] }).rows
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
  await tx
    .update(billingRuns)
    .set(
      ids.length === 0
        ? { total: 0, state: 'done', finishedAt: new Date() }
        : { total: ids.length },
    )
    .where(eq(billingRuns.id, runId));
  if (ids.length === 0) countBillingRun('finished');
  const jobs = [];
  for (let i = 0; i < ids.length; i += BATCH_SIZE)
    jobs.push({ run: runId, items: ids.slice(i, i + BATCH_SIZE) });
  await billingQueue()?.send(tx, jobs);
}

/**
 * Starts run `runId`, just created in `tx`: plans it at once when a queue of this process
 * takes at most its `inlinePlanMax` active contracts (or there is no queue), else marks it
 * `planning` and sends its planning to the queue, committed with the run.
 */
export async function startRun(tx: Database, runId: number): Promise<void> {
  countBillingRun('created');
  const queue = billingQueue();
  if (queue) {
    const result = (await tx.execute(
      sql`select count(*)::int as n from contracts where state = 'active'`,
    )) as unknown as { rows: { n: unknown }[] };
    if (Number(result.rows[0]?.n ?? 0) > (queue.inlinePlanMax ?? INLINE_PLAN_MAX)) {
      await tx.update(billingRuns).set({ state: 'planning' }).where(eq(billingRuns.id, runId));
      await queue.sendPlan(tx, runId);
      return;
    }
  }
  await planRun(tx, runId);
}

/**
 * A worker's planning of run `runId` (a job of the plan queue), in its own transaction:
 * nothing when the run is no longer `planning` (cancelled meanwhile, or planned by an
 * earlier delivery of the job); else the run is `running` and planned.
 */
export async function planQueued(db: Database, runId: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [run] = await tx
      .update(billingRuns)
      .set({ state: 'running' })
      .where(and(eq(billingRuns.id, runId), eq(billingRuns.state, 'planning')))
      .returning({ id: billingRuns.id });
    if (!run) return;
    await planRun(tx, runId);
  });
}
