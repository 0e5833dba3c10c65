/**
 * Billing one batch of a run (issue #15 "Billing run"), set-based: the pending items of the
 * batch are locked (`FOR UPDATE SKIP LOCKED`: an item another worker holds is its business);
 * the inputs of all their contracts are read together (`loadBillInputs`, a fixed number of
 * statements), each bill is calculated in memory by the one calculation (`billOf`, as the
 * preview's `billContract`), and the batch's invoices, lines and item outcomes are written
 * with multi-row statements in the batch's transaction. A contract that cannot be billed is
 * recorded as failed with the calculation's reasons and the rest goes on. An invoice already
 * live for the contract and period (unique index `invoices_contract_period_key`) makes the
 * item `skipped`, never a second invoice. Should the batch's bulk work fail in the database
 * (a value out of range in one bill, say), it is undone and the batch is billed again one
 * contract at a time, each in its own savepoint, so that only the culprit fails.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingRunItems, billingRuns, contracts, invoiceLines, invoices } from '../../db/schema';
import { text } from '../../i18n/text';
import type { Bill, BillRefusal } from '../calculate';
import { billContractIn, billOf } from '../bill';
import { invoiceDates } from '../invoices/dates';
import { loadBillInputs } from '../load';

/** Today in Europe/Prague (`YYYY-MM-DD`): the issue date of invoices made now. */
export function pragueToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(now);
}

/** The invoice row and lines of `bill`. */
function invoiceOf(bill: Bill, run: number, variableSymbol: string, today: string) {
  return {
    row: {
      contract: bill.contract,
      customer: bill.customer,
      run,
      periodFrom: bill.period.from,
      periodTo: bill.period.to,
      ...invoiceDates(bill.period, today),
      variableSymbol,
      state: 'draft',
      base: bill.base,
      vatRate: bill.vat_rate,
      vat: bill.vat,
      production: bill.production,
      total: bill.total,
      advances: bill.advances,
      amountDue: bill.amount_due,
    },
    lines: bill.points.flatMap((point) =>
      point.segments.flatMap((segment) =>
        segment.lines.map((line) => ({
          point: point.point,
          segmentFrom: segment.from,
          segmentTo: segment.to,
          kind: line.kind,
          quantity: line.quantity,
          unit: line.unit,
          unitPrice: line.unit_price,
          amount: line.amount,
        })),
      ),
    ),
  };
}

/** A reason recorded on a failed item: a refusal of the calculation, or `error`. */
type FailureReason = Pick<BillRefusal, 'point_id' | 'day' | 'message'> & { code: string };

function crashed(error: unknown): FailureReason[] {
  const detail = error instanceof Error ? error.message : String(error);
  return [
    {
      code: 'error',
      message: text(`Billing failed: ${detail}`, `Fakturace selhala: ${detail}`),
    },
  ];
}

/** Invoices per multi-row insert (17 parameters each). */
const INVOICE_CHUNK = 1000;
/** Invoice lines per insert (one JSON parameter). */
const LINE_CHUNK = 3000;

/** An `invoice_lines` row as the batch's JSON carries it. */
interface LineRow {
  invoice: number;
  position: number;
  point: number;
  segment_from: string;
  segment_to: string;
  kind: string;
  quantity: string;
  unit: string;
  unit_price: string;
  amount: string;
}

/** A pending item of the batch. */
interface Item {
  readonly id: number;
  readonly contract: number;
  readonly from: string;
  readonly to: string;
}

/** What became of an item. */
interface Outcome {
  status: 'invoiced' | 'skipped' | 'failed';
  reasons: FailureReason[] | null;
  invoice: number | null;
}

const periodKey = (contract: number, from: string, to: string) => `${contract}|${from}|${to}`;

/**
 * Bills `items` together in `tx` (a savepoint of the batch): one read of the live invoices,
 * one read of the inputs, the calculations, multi-row inserts of invoices and lines.
 * Returns each item's outcome; throws (leaving the savepoint to be rolled back) on a
 * database error.
 */
async function billTogether(
  tx: Database,
  runId: number,
  items: readonly Item[],
  symbols: ReadonlyMap<number, string>,
  today: string,
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  const live = new Map(
    (
      await tx
        .select({
          id: invoices.id,
          contract: invoices.contract,
          from: invoices.periodFrom,
          to: invoices.periodTo,
        })
        .from(invoices)
        .where(
          and(
            inArray(
              invoices.contract,
              items.map((item) => item.contract),
            ),
            sql`${invoices.state} <> 'cancelled'`,
          ),
        )
    ).map((row) => [periodKey(row.contract, row.from, row.to), row.id]),
  );
  const toBill: Item[] = [];
  for (const item of items) {
    const invoice = live.get(periodKey(item.contract, item.from, item.to));
    if (invoice === undefined) toBill.push(item);
    else outcomes.set(item.id, { status: 'skipped', reasons: null, invoice });
  }
  const inputs = await loadBillInputs(
    tx,
    toBill.map((item) => ({ contract: item.contract, period: { from: item.from, to: item.to } })),
  );
  const made: { item: Item; invoice: ReturnType<typeof invoiceOf> }[] = [];
  toBill.forEach((item, index) => {
    try {
      const result = billOf(item.contract, inputs[index] ?? null);
      if (!result.ok) {
        outcomes.set(item.id, { status: 'failed', reasons: result.reasons, invoice: null });
        return;
      }
      made.push({
        item,
        invoice: invoiceOf(result.bill, runId, symbols.get(item.contract) ?? '', today),
      });
    } catch (error) {
      outcomes.set(item.id, { status: 'failed', reasons: crashed(error), invoice: null });
    }
  });
  const insertedIds = new Map<string, number>();
  for (let i = 0; i < made.length; i += INVOICE_CHUNK) {
    const rows = await tx
      .insert(invoices)
      .values(made.slice(i, i + INVOICE_CHUNK).map((entry) => entry.invoice.row))
      .onConflictDoNothing()
      .returning({
        id: invoices.id,
        contract: invoices.contract,
        from: invoices.periodFrom,
        to: invoices.periodTo,
      });
    for (const row of rows) insertedIds.set(periodKey(row.contract, row.from, row.to), row.id);
  }
  const lines: LineRow[] = [];
  for (const { item, invoice } of made) {
    const id = insertedIds.get(periodKey(item.contract, item.from, item.to));
    // Not inserted: a live invoice of the contract and period came in meanwhile.
    if (id === undefined) {
      outcomes.set(item.id, { status: 'skipped', reasons: null, invoice: null });
      continue;
    }
    outcomes.set(item.id, { status: 'invoiced', reasons: null, invoice: id });
    invoice.lines.forEach((line, position) =>
      lines.push({
        invoice: id,
        position,
        point: line.point,
        segment_from: line.segmentFrom,
        segment_to: line.segmentTo,
        kind: line.kind,
        quantity: line.quantity,
        unit: line.unit,
        unit_price: line.unitPrice,
        amount: line.amount,
      }),
    );
  }
  // One JSON parameter per statement: no limit on parameters, little work building it.
  for (let i = 0; i < lines.length; i += LINE_CHUNK)
    await tx.execute(sql`
      insert into invoice_lines (invoice_id, position, point_id, segment_from, segment_to, kind,
        quantity, unit, unit_price, amount)
      select invoice, position, point, segment_from, segment_to, kind, quantity, unit,
        unit_price, amount
      from json_to_recordset(${JSON.stringify(lines.slice(i, i + LINE_CHUNK))}::json) as x(
        invoice integer, position integer, point integer, segment_from date, segment_to date,
        kind text, quantity numeric, unit text, unit_price numeric, amount numeric)`);
  return outcomes;
}

/**
 * Bills `item` alone in a savepoint of `tx` (the batch's fallback): a crash fails only it.
 */
async function billAlone(
  tx: Database,
  runId: number,
  item: Item,
  symbols: ReadonlyMap<number, string>,
  today: string,
): Promise<Outcome> {
  const outcome: Outcome = { status: 'failed', reasons: null, invoice: null };
  try {
    await tx.transaction(async (sp) => {
      const db = sp as unknown as Database;
      const [live] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.contract, item.contract),
            eq(invoices.periodFrom, item.from),
            eq(invoices.periodTo, item.to),
            sql`${invoices.state} <> 'cancelled'`,
          ),
        );
      if (live) {
        outcome.status = 'skipped';
        outcome.invoice = live.id;
        return;
      }
      const result = await billContractIn(db, item.contract, { from: item.from, to: item.to });
      if (!result.ok) {
        outcome.reasons = result.reasons;
        return;
      }
      const { row, lines } = invoiceOf(result.bill, runId, symbols.get(item.contract) ?? '', today);
      const [inserted] = await db
        .insert(invoices)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      if (!inserted) {
        outcome.status = 'skipped';
        return;
      }
      outcome.invoice = inserted.id;
      if (lines.length > 0)
        await db
          .insert(invoiceLines)
          .values(lines.map((line, position) => ({ ...line, invoice: inserted.id, position })));
      outcome.status = 'invoiced';
    });
  } catch (error) {
    outcome.status = 'failed';
    outcome.invoice = null;
    outcome.reasons = crashed(error);
  }
  return outcome;
}

/**
 * Bills the pending items `itemIds` of run `runId` in one transaction; does nothing for a
 * cancelled run. Marks the run done when no item is pending any more.
 */
export async function processBatch(db: Database, runId: number, itemIds: readonly number[]) {
  if (itemIds.length === 0) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [run] = await tx
      .select({ state: billingRuns.state })
      .from(billingRuns)
      .where(eq(billingRuns.id, runId));
    if (!run || run.state !== 'running') return;
    const items: Item[] = await tx
      .select({
        id: billingRunItems.id,
        contract: billingRunItems.contract,
        from: billingRunItems.periodFrom,
        to: billingRunItems.periodTo,
      })
      .from(billingRunItems)
      .where(
        and(
          eq(billingRunItems.run, runId),
          inArray(billingRunItems.id, [...itemIds]),
          eq(billingRunItems.status, 'pending'),
        ),
      )
      .orderBy(billingRunItems.id)
      .for('update', { skipLocked: true });
    if (items.length === 0) return;
    const symbols = new Map(
      (
        await tx
          .select({ id: contracts.id, accountNo: contracts.accountNo, no: contracts.contractNo })
          .from(contracts)
          .where(
            inArray(
              contracts.id,
              items.map((item) => item.contract),
            ),
          )
      ).map((row) => [row.id, row.accountNo || row.no]),
    );
    const today = pragueToday();
    let outcomes: Map<number, Outcome>;
    try {
      outcomes = await tx.transaction((sp) =>
        billTogether(sp as unknown as Database, runId, items, symbols, today),
      );
    } catch {
      outcomes = new Map();
      for (const item of items)
        outcomes.set(item.id, await billAlone(tx, runId, item, symbols, today));
    }
    const updates = items.map((item) => {
      const outcome = outcomes.get(item.id) ?? {
        status: 'failed',
        reasons: crashed(new Error('no outcome')),
        invoice: null,
      };
      return { id: item.id, s: outcome.status, r: outcome.reasons, i: outcome.invoice };
    });
    await tx.execute(sql`
      update billing_run_items as item
      set status = x.s, reasons = x.r, invoice_id = x.i
      from json_to_recordset(${JSON.stringify(updates)}::json) as x(id integer, s text, r jsonb, i integer)
      where item.id = x.id`);
    await tx.execute(sql`
      update billing_runs set state = 'done', finished_at = now()
      where id = ${runId} and state = 'running'
        and not exists (select 1 from billing_run_items where run_id = ${runId} and status = 'pending')`);
  });
}
