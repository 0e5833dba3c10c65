/**
 * Billing one batch of a run (docs/billing.md "Billing run"), set-based, in few round trips: the
 * pending items of the batch are locked (`FOR UPDATE SKIP LOCKED`: an item another worker
 * holds is its business) and read with their variable symbols and any live invoice in one
 * statement; the inputs of all their contracts are read together (`loadBillInputs`, a fixed
 * number of statements), each bill is calculated in memory by the one calculation (`billOf`,
 * as the preview's `billContract`), the batch's invoices and their lines are written by one
 * statement, and the items' outcomes and the run's end by another, all in the batch's
 * transaction. A contract that cannot be billed is
 * recorded as failed with the calculation's reasons and the rest goes on. An invoice already
 * live for the contract and period (unique index `invoices_contract_period_key`) makes the
 * item `skipped`, never a second invoice. Should the batch's bulk work fail in the database
 * (a value out of range in one bill, say), it is undone and the batch is billed again one
 * contract at a time, each in its own savepoint, so that only the culprit fails.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema';
import { text } from '../../i18n/text';
import type { Bill, BillRefusal } from '../calculate';
import { billContractIn, billOf } from '../bill';
import { invoiceDates } from '../invoices/dates';
import { contractSymbol } from '../invoices/payment-data';
import { loadBillInputs } from '../load';
import { countBillingRun, countBills } from '../../metrics';

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
      // Net of the refunds paid out, so that total − advances = amount due on the invoice.
      advances: new Decimal(bill.advances).minus(bill.refunds).toFixed(2),
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
type FailureReason = Pick<BillRefusal, 'point_id' | 'device_id' | 'day' | 'message'> & {
  code: string;
};

function crashed(error: unknown): FailureReason[] {
  const detail = error instanceof Error ? error.message : String(error);
  return [
    {
      code: 'error',
      message: text(`Billing failed: ${detail}`, `Fakturace selhala: ${detail}`),
    },
  ];
}

/** An `invoice_lines` row as the batch's JSON carries it: `n` = its invoice's index. */
interface LineRow {
  n: number;
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
  /**
   * The variable symbol of its invoice: the digits of the contract's number, else empty
   * (the invoice's number at issue; docs/billing.md "Payment data").
   */
  readonly symbol: string;
  /** The live (not cancelled) invoice of the contract and period when the batch began. */
  readonly live: number | null;
}

/** What became of an item. */
interface Outcome {
  status: 'invoiced' | 'skipped' | 'failed';
  reasons: FailureReason[] | null;
  invoice: number | null;
}

/**
 * Bills `items` together in `tx` (a savepoint of the batch): one read of the inputs, the
 * calculations, one statement inserting the invoices and their lines. An item whose contract
 * and period had a live invoice is skipped. Returns each item's outcome; throws (leaving the
 * savepoint to be rolled back) on a database error.
 */
async function billTogether(
  tx: Database,
  runId: number,
  items: readonly Item[],
  today: string,
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  const toBill: Item[] = [];
  for (const item of items) {
    if (item.live === null) toBill.push(item);
    else outcomes.set(item.id, { status: 'skipped', reasons: null, invoice: item.live });
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
        invoice: invoiceOf(result.bill, runId, item.symbol, today),
      });
    } catch (error) {
      outcomes.set(item.id, { status: 'failed', reasons: crashed(error), invoice: null });
    }
  });
  // One statement: the invoices (a conflict with a live invoice inserts nothing) and the
  // lines of those inserted, all from two JSON parameters (no limit on parameters, little
  // work building them); the invoices inserted come back with their ids.
  const invoiceRows = made.map(({ invoice: { row } }, n) => ({
    n,
    contract: row.contract,
    customer: row.customer,
    from: row.periodFrom,
    to: row.periodTo,
    issue: row.issueDate,
    taxable: row.taxableSupplyDate,
    due: row.dueDate,
    symbol: row.variableSymbol,
    base: row.base,
    vat_rate: row.vatRate,
    vat: row.vat,
    production: row.production,
    total: row.total,
    advances: row.advances,
    due_amount: row.amountDue,
  }));
  const lineRows: LineRow[] = [];
  made.forEach(({ invoice }, n) =>
    invoice.lines.forEach((line, position) =>
      lineRows.push({
        n,
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
    ),
  );
  const inserted = new Map<number, number>();
  if (made.length > 0) {
    const result = (await tx.execute(sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(invoiceRows)}::json) as x(
          n integer, contract integer, customer integer, "from" date, "to" date, issue date,
          taxable date, due date, symbol text, base numeric, vat_rate numeric, vat numeric,
          production numeric, total numeric, advances numeric, due_amount numeric)),
      ins as (
        insert into invoices (contract_id, customer_id, run_id, period_from, period_to,
          issue_date, taxable_supply_date, due_date, variable_symbol, state, base, vat_rate,
          vat, production, total, advances, amount_due)
        select contract, customer, ${runId}, "from", "to", issue, taxable, due, symbol, 'draft',
          base, vat_rate, vat, production, total, advances, due_amount
        from x order by n
        on conflict do nothing
        returning id, contract_id, period_from, period_to),
      made as (
        select x.n, ins.id from ins
        join x on x.contract = ins.contract_id and x."from" = ins.period_from
          and x."to" = ins.period_to),
      lines as (
        insert into invoice_lines (invoice_id, position, point_id, segment_from, segment_to,
          kind, quantity, unit, unit_price, amount)
        select made.id, y.position, y.point, y.segment_from, y.segment_to, y.kind, y.quantity,
          y.unit, y.unit_price, y.amount
        from json_to_recordset(${JSON.stringify(lineRows)}::json) as y(
          n integer, position integer, point integer, segment_from date, segment_to date,
          kind text, quantity numeric, unit text, unit_price numeric, amount numeric)
        join made on made.n = y.n
        order by made.id, y.position)
      select n, id from made`)) as unknown as { rows: { n: number; id: number }[] };
    for (const row of result.rows) inserted.set(Number(row.n), Number(row.id));
  }
  made.forEach(({ item }, n) => {
    const id = inserted.get(n);
    // Not inserted: a live invoice of the contract and period came in meanwhile.
    outcomes.set(
      item.id,
      id === undefined
        ? { status: 'skipped', reasons: null, invoice: null }
        : { status: 'invoiced', reasons: null, invoice: id },
    );
  });
  return outcomes;
}

/**
 * Bills `item` alone in a savepoint of `tx` (the batch's fallback): a crash fails only it.
 */
async function billAlone(tx: Database, runId: number, item: Item, today: string): Promise<Outcome> {
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
      const { row, lines } = invoiceOf(result.bill, runId, item.symbol, today);
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
  let finished = false;
  let outcomesCounted: readonly { s: string }[] = [];
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // The run still going, its items still pending (locked; another worker's are skipped),
    // with their variable symbols and any live invoice of the contract and period.
    const items = (
      (await tx.execute(sql`
        select i.id, i.contract_id as contract,
          to_char(i.period_from, 'YYYY-MM-DD') as "from", to_char(i.period_to, 'YYYY-MM-DD') as "to",
          c.contract_no as symbol,
          (select v.id from invoices v
            where v.contract_id = i.contract_id and v.period_from = i.period_from
              and v.period_to = i.period_to and v.state <> 'cancelled') as live
        from billing_run_items i join contracts c on c.id = i.contract_id
        where i.run_id = ${runId} and i.id = any(${`{${itemIds.join(',')}}`}::int[])
          and i.status = 'pending'
          and exists (select 1 from billing_runs r where r.id = ${runId} and r.state = 'running')
        order by i.id
        for update of i skip locked`)) as unknown as {
        rows: {
          id: number;
          contract: number;
          from: string;
          to: string;
          symbol: string;
          live: number | null;
        }[];
      }
    ).rows.map((row): Item => ({
      id: Number(row.id),
      contract: Number(row.contract),
      from: row.from,
      to: row.to,
      symbol: contractSymbol(row.symbol ?? '') ?? '',
      live: row.live === null ? null : Number(row.live),
    }));
    if (items.length === 0) return;
    const today = pragueToday();
    let outcomes: Map<number, Outcome>;
    try {
      outcomes = await tx.transaction((sp) =>
        billTogether(sp as unknown as Database, runId, items, today),
      );
    } catch {
      outcomes = new Map();
      for (const item of items) outcomes.set(item.id, await billAlone(tx, runId, item, today));
    }
    const updates = items.map((item) => {
      const outcome = outcomes.get(item.id) ?? {
        status: 'failed',
        reasons: crashed(new Error('no outcome')),
        invoice: null,
      };
      return { id: item.id, s: outcome.status, r: outcome.reasons, i: outcome.invoice };
    });
    await auditInvoices(
      tx,
      runId,
      updates.flatMap((update) => (update.s === 'invoiced' && update.i !== null ? [update.i] : [])),
    );
    // The items' outcomes, and the run done when no item but this batch's is pending (the
    // statement's snapshot still sees this batch's items pending).
    const ended = (await tx.execute(sql`
      with updated as (
        update billing_run_items as item
        set status = x.s, reasons = x.r, invoice_id = x.i
        from json_to_recordset(${JSON.stringify(updates)}::json) as x(id integer, s text, r jsonb, i integer)
        where item.id = x.id
        returning item.id)
      update billing_runs set state = 'done', finished_at = now()
      where id = ${runId} and state = 'running'
        and not exists (select 1 from billing_run_items i
          where i.run_id = ${runId} and i.status = 'pending'
            and i.id not in (select id from updated))
      returning id`)) as unknown as { rows: unknown[] };
    finished = ended.rows.length > 0;
    outcomesCounted = updates;
  });
  // Counted once the batch is committed (docs/operations.md "Metrics").
  for (const outcome of ['invoiced', 'skipped', 'failed'] as const)
    countBills(outcome, outcomesCounted.filter((update) => update.s === outcome).length);
  if (finished) countBillingRun('finished');
}

/**
 * One audit row per invoice the run made (`invoices`, `create`, docs/billing.md "Billing
 * runs"), in one statement of the batch's transaction: by the user who created the run (as
 * its own audit row names them), with the invoice's fields as a create records them.
 */
async function auditInvoices(tx: Database, runId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const pair = (value: string) => sql.raw(`jsonb_build_array(null, ${value})`);
  await tx.execute(sql`
    insert into audit_log (resource, row_id, action, user_id, user_email, changes)
    select 'invoices', v.id, 'create', a.user_id, a.user_email,
      jsonb_strip_nulls(jsonb_build_object(
        'contract', ${pair('v.contract_id')}, 'customer', ${pair('v.customer_id')},
        'period_from', ${pair("to_char(v.period_from, 'YYYY-MM-DD')")},
        'period_to', ${pair("to_char(v.period_to, 'YYYY-MM-DD')")},
        'issue_date', ${pair("to_char(v.issue_date, 'YYYY-MM-DD')")},
        'taxable_supply_date', ${pair("to_char(v.taxable_supply_date, 'YYYY-MM-DD')")},
        'due_date', ${pair("to_char(v.due_date, 'YYYY-MM-DD')")},
        'variable_symbol', ${pair('v.variable_symbol')}, 'state', ${pair('v.state')},
        'base', ${pair('v.base::text')}, 'vat_rate', ${pair('v.vat_rate::text')},
        'vat', ${pair('v.vat::text')}, 'production', ${pair('v.production::text')},
        'total', ${pair('v.total::text')}, 'advances', ${pair('v.advances::text')},
        'amount_due', ${pair('v.amount_due::text')}))
    from invoices v
    left join lateral (
      select l.user_id, l.user_email from audit_log l
      where l.resource = 'billing-runs' and l.row_id = ${runId} and l.action = 'create'
      order by l.id limit 1) a on true
    where v.id = any(${sql.param([...ids])}::integer[])
    order by v.id`);
}
