/**
 * Billing one batch of a run (issue #15 "Billing run"): each pending item of the batch is
 * locked (`FOR UPDATE SKIP LOCKED`: an item another worker holds is its business), billed by
 * the one calculation (`billContractIn`) and turned into a draft invoice with its lines, or
 * recorded as failed with the calculation's reasons; the run goes on either way. An invoice
 * already live for the contract and period (unique index `invoices_contract_period_key`)
 * makes the item `skipped`, never a second invoice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingRunItems, billingRuns, contracts, invoiceLines, invoices } from '../../db/schema';
import { text } from '../../i18n/text';
import type { Bill, BillRefusal } from '../calculate';
import { billContractIn } from '../bill';
import { invoiceDates } from '../invoices/dates';

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

/**
 * Bills the pending items `itemIds` of run `runId` in one transaction; does nothing for a
 * cancelled run. Marks the run done when no item is pending any more.
 */
export async function processBatch(db: Database, runId: number, itemIds: readonly number[]) {
  if (itemIds.length === 0) return;
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select({ state: billingRuns.state })
      .from(billingRuns)
      .where(eq(billingRuns.id, runId));
    if (!run || run.state !== 'running') return;
    const items = await tx
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
    for (const item of items) {
      // A savepoint per contract: a crash in one bill leaves the batch's other work intact.
      let status: 'invoiced' | 'skipped' | 'failed' = 'failed';
      let reasons: FailureReason[] | null = null;
      let invoiceId: number | null = null;
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
            status = 'skipped';
            invoiceId = live.id;
            return;
          }
          const result = await billContractIn(db, item.contract, { from: item.from, to: item.to });
          if (!result.ok) {
            reasons = result.reasons;
            return;
          }
          const { row, lines } = invoiceOf(
            result.bill,
            runId,
            symbols.get(item.contract) ?? '',
            today,
          );
          const [inserted] = await db
            .insert(invoices)
            .values(row)
            .onConflictDoNothing()
            .returning({ id: invoices.id });
          if (!inserted) {
            status = 'skipped';
            return;
          }
          invoiceId = inserted.id;
          if (lines.length > 0)
            await db
              .insert(invoiceLines)
              .values(lines.map((line, position) => ({ ...line, invoice: inserted.id, position })));
          status = 'invoiced';
        });
      } catch (error) {
        reasons = crashed(error);
      }
      await tx
        .update(billingRunItems)
        .set({ status, reasons, invoice: invoiceId })
        .where(eq(billingRunItems.id, item.id));
    }
    await tx.execute(sql`
      update billing_runs set state = 'done', finished_at = now()
      where id = ${runId} and state = 'running'
        and not exists (select 1 from billing_run_items where run_id = ${runId} and status = 'pending')`);
  });
}
